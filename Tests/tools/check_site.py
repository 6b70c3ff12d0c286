#!/usr/bin/env python3
"""Drives a site written by `moonshot site` in headless Chromium (Debian's chromium and
chromium-driver, through Selenium) and checks what a visitor sees. Prints each failure and
exits 1 if there was one.

    check_site.py apollo SITE SCREENSHOTS   the Apollo site at phone, tablet and desktop sizes:
                                            every page (pictures, links, overflow, axe-core),
                                            the grid, the toggle, search, favourites, the
                                            mission and astronaut screens, the timeline against
                                            Resources/*.json; a screenshot of every page at
                                            every size goes to SCREENSHOTS
    check_site.py placeholders SITE         a dataset without pictures: monograms, no <img>
    check_site.py hostile SITE TEXTS.json   a dataset whose text is markup and script: the pages
                                            show the texts TEXTS lists for them, and no page
                                            runs anything
    check_site.py search SITE DB CASES.json the search box's rules against SQLite's: the words
                                            and stems the page's script makes of every name and
                                            description of DB, and of CASES' tricky words, are
                                            those of an FTS5 table tokenized as DB's full-text
                                            indexes are (fts5vocab); for each of CASES'
                                            queries the box shows the cards CASES lists,
                                            and for each of its lookups it suggests the
                                            astronauts CASES names
"""
import base64
import datetime
import json
import os
import re
import shutil
import sqlite3
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import unquote, urlparse

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1440, 900)}
APOLLO_11_CREW = [("Neil A. Armstrong", "Commander"), ("Michael Collins", "Command Module Pilot"),
                  ("Edwin E. Aldrin Jr.", "Lunar Module Pilot")]
RESOURCES = Path(__file__).resolve().parents[2] / "Resources"
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, flush=True)


def check(condition, message):
    if not condition:
        fail(message)
    return condition


def start_browser():
    """Headless Chromium from the system's packages; Selenium is told where both are, so it
    never looks for (or downloads) a browser."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        sys.exit("chromium and chromedriver are not on the PATH: apt-get install chromium chromium-driver")
    options = Options()
    options.binary_location = browser
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files", "--force-color-profile=srgb", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(driver))


def resize(browser, size):
    width, height = SIZES[size]
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"})


def click(browser, element):
    """Clicks `element` after scrolling it to the middle of the screen, as a visitor would."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    element.click()


def pages(site):
    return sorted(str(path.relative_to(site)) for path in site.rglob("*.html"))


def open_page(browser, site, page):
    browser.get((site / page).resolve().as_uri())
    browser.execute_script("return document.fonts ? document.fonts.ready : null")


def screenshot(browser, path):
    """Saves what the screen shows as a PNG, as save_screenshot does, with Chromium's faster
    compression (the same picture in a somewhat larger file, in about half the time)."""
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
    path.write_bytes(base64.b64decode(shot["data"]))


def page_errors(browser):
    return [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def check_common(browser, site, page, size):
    """Pictures load, links lead to pages of the site, nothing is wider than the screen, the
    script ran without errors. (What the page shows is read in one script: a round trip to the
    browser for each picture made this most of the time of the Apollo check.)"""
    where = f"{page} at {size}"
    shown = browser.execute_script(
        "const images = Array.from(document.images); return {"
        " broken: images.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src),"
        " unnamed: images.filter(i => !(i.getAttribute('alt') || '').trim()).map(i => i.src),"
        " links: Array.from(document.links).map(a => a.href),"
        " overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth}")
    check(not shown["broken"], f"{where}: pictures that did not load: {shown['broken']}")
    for source in shown["unnamed"]:
        fail(f"{where}: a picture without alt text: {source}")
    for href in shown["links"]:
        url = urlparse(href)
        if url.scheme == "file":
            check(Path(unquote(url.path)).is_file(), f"{where}: a link to nothing: {href}")
            check(Path(unquote(url.path)).resolve().is_relative_to(site.resolve()), f"{where}: a link out of the site: {href}")
        else:
            check(url.scheme == "https", f"{where}: a link that is neither in the site nor https: {href}")
    check(shown["overflow"] <= 0, f"{where}: the page is {shown['overflow']} px wider than the screen")
    errors = page_errors(browser)
    check(not errors, f"{where}: errors in the console: {errors}")


def check_accessibility(browser, where):
    axe = Axe(browser)
    axe.inject()
    results = axe.run()
    serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    for violation in serious:
        targets = [node["target"] for node in violation["nodes"]][:5]
        fail(f"{where}: axe-core {violation['impact']}: {violation['id']} ({violation['help']}) at {targets}")


def visible_titles(browser, list_id):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).filter(li => !li.hidden)"
        ".map(li => li.querySelector('.card-title').textContent)", f"#{list_id} > li")


def check_missions_page(browser, site, size):
    where = f"index.html at {size}"
    open_page(browser, site, "index.html")
    background = browser.execute_script("return getComputedStyle(document.body.parentElement).backgroundColor")
    check(background == "rgb(26, 26, 51)", f"{where}: background {background}, not the app's rgb(0.1, 0.1, 0.2)")
    check(len(visible_titles(browser, "missions")) == 12, f"{where}: not 12 missions: {visible_titles(browser, 'missions')}")
    dates = browser.execute_script("return Array.from(document.querySelectorAll('#missions .card-detail')).map(e => e.textContent)")
    check(dates[:3] == ["N/A", "Oct 11, 1968", "Dec 21, 1968"], f"{where}: launch dates {dates[:3]}")
    columns = browser.execute_script("return getComputedStyle(document.getElementById('missions')).gridTemplateColumns.split(' ').length")
    if size == "phone":
        check(columns == 2, f"{where}: {columns} columns on a phone, not 2")
    else:
        check(columns >= 4, f"{where}: only {columns} columns")

    # Grid or list, remembered; the button says what a press will do.
    toggle = browser.find_element(By.ID, "layout-toggle")
    check(toggle.text == "Show as list", f"{where}: the toggle reads {toggle.text!r} in the grid")
    click(browser, toggle)
    is_list = "return document.getElementById('missions').classList.contains('list')"
    check(browser.execute_script(is_list), f"{where}: the toggle did not switch to a list")
    browser.refresh()
    check(browser.execute_script(is_list), f"{where}: the list layout was forgotten on reload")
    label = browser.find_element(By.ID, "layout-toggle").text
    check(label == "Show as grid", f"{where}: the toggle reads {label!r} in the list")
    check_common(browser, site, "index.html (list)", size)
    screenshot(browser, SHOTS / f"index-list-{size}.png")
    click(browser, browser.find_element(By.ID, "layout-toggle"))
    browser.refresh()
    check(not browser.execute_script(is_list), f"{where}: the grid layout was forgotten on reload")

    # Search: "lov" offers Lovell; choosing him leaves Apollo 8 and 13; removing him restores 12.
    search = browser.find_element(By.ID, "search-input")
    search.send_keys("lov")
    options = [o.text for o in browser.find_elements(By.CSS_SELECTOR, "#search-suggestions [role=option]")]
    check(any("Lovell" in o for o in options), f"{where}: typing 'lov' offered {options}")
    check(browser.find_element(By.ID, "search-combobox").get_attribute("aria-expanded") == "true", f"{where}: combobox not expanded")
    if size == "desktop":
        check_accessibility(browser, f"{where} with suggestions open")
        screenshot(browser, SHOTS / f"index-search-{size}.png")
    lovell = next(o for o in browser.find_elements(By.CSS_SELECTOR, "#search-suggestions [role=option]") if "Lovell" in o.text)
    click(browser, lovell)
    check(visible_titles(browser, "missions") == ["Apollo 8", "Apollo 13"],
          f"{where}: choosing Lovell left {visible_titles(browser, 'missions')}")
    tokens = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#search-tokens .token span")]
    check(tokens == ["James A. Lovell Jr."], f"{where}: tokens {tokens}")
    # A role narrows further: Lovell as commander flew Apollo 13 only.
    search.send_keys("command")
    commander = [o for o in browser.find_elements(By.CSS_SELECTOR, "#search-suggestions [role=option]") if o.text.startswith("Commander")]
    if check(commander, f"{where}: typing 'command' offered no Commander role"):
        click(browser, commander[0])
        check(visible_titles(browser, "missions") == ["Apollo 13"], f"{where}: Lovell + Commander left {visible_titles(browser, 'missions')}")
    while buttons := browser.find_elements(By.CSS_SELECTOR, "#search-tokens .token button"):
        buttons[-1].click()
    check(len(visible_titles(browser, "missions")) == 12, f"{where}: clearing the tokens left {visible_titles(browser, 'missions')}")
    check(len(visible_titles(browser, "astronauts")) == 32, f"{where}: clearing the tokens left {len(visible_titles(browser, 'astronauts'))} astronauts")

    # The same with the keyboard only; Backspace in the empty box removes the last token.
    search = browser.find_element(By.ID, "search-input")
    search.send_keys("lov", Keys.ARROW_DOWN, Keys.ENTER)
    check(visible_titles(browser, "missions") == ["Apollo 8", "Apollo 13"], f"{where}: keyboard choice left {visible_titles(browser, 'missions')}")
    search.send_keys(Keys.BACKSPACE)
    check(len(visible_titles(browser, "missions")) == 12, f"{where}: Backspace did not remove the token")
    # A role the words name comes before astronauts guessed from their descriptions.
    search.send_keys("comm", Keys.ARROW_DOWN, Keys.ENTER)
    tokens = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#search-tokens .token span")]
    check(tokens == ["Commander"], f"{where}: 'comm', Arrow-down and Enter chose {tokens}")
    search.send_keys(Keys.BACKSPACE)
    # A mission named by its number, as `moonshot mission` reads it, is offered first.
    search.send_keys("Apollo XI", Keys.ENTER)
    check(visible_titles(browser, "missions") == ["Apollo 11"], f"{where}: 'Apollo XI' and Enter left {visible_titles(browser, 'missions')}")
    crew = sorted(visible_titles(browser, "astronauts"))
    check(crew == ["Edwin E. Aldrin Jr.", "Michael Collins", "Neil A. Armstrong"], f"{where}: Apollo 11 shows the astronauts {crew}")
    search.send_keys(Keys.BACKSPACE)
    # Free words filter by descriptions too.
    search.send_keys("Tranquility")
    check(visible_titles(browser, "missions") == ["Apollo 11"], f"{where}: 'Tranquility' showed {visible_titles(browser, 'missions')}")
    search.clear()
    search.send_keys(" ", Keys.BACKSPACE)

    # Favourites come first, and stay so.
    star = browser.find_element(By.CSS_SELECTOR, "#missions button.star[data-favourite='mission:13']")
    click(browser, star)
    check(visible_titles(browser, "missions")[0] == "Apollo 13", f"{where}: the favourite is not first")
    browser.refresh()
    check(visible_titles(browser, "missions")[0] == "Apollo 13", f"{where}: the favourite was forgotten on reload")
    check(browser.find_element(By.CSS_SELECTOR, "button.star[data-favourite='mission:13']").get_attribute("aria-pressed") == "true",
          f"{where}: the star is not pressed")
    click(browser, browser.find_element(By.CSS_SELECTOR, "button.star[data-favourite='mission:13']"))
    check(visible_titles(browser, "missions")[0] == "Apollo 1", f"{where}: unstarring did not restore the order")


def check_mission_page(browser, site, size):
    where = f"missions/apollo11.html at {size}"
    open_page(browser, site, "missions/apollo11.html")
    crew = browser.execute_script(
        "return Array.from(document.querySelectorAll('.roster .crew-member')).map(li => "
        "[li.querySelector('.crew-name').textContent, li.querySelector('.crew-role').textContent])")
    check([tuple(c) for c in crew] == APOLLO_11_CREW, f"{where}: crew {crew}")
    check(len(browser.find_elements(By.CSS_SELECTOR, ".crew-member.commander .commander-mark")) == 1, f"{where}: the commander is not marked")
    headings = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "h2")]
    check(headings[:2] == ["Mission Highlights", "Crew"], f"{where}: headings {headings}")
    check(len(browser.find_elements(By.CSS_SELECTOR, ".highlights p")) > 1, f"{where}: the description's paragraphs were not kept")
    badge = browser.execute_script(
        "const b = document.querySelector('.mission-badge'); const c = b.parentElement.getBoundingClientRect().width;"
        "return [b.getBoundingClientRect().width, c, b.naturalWidth]")
    ratio = badge[0] / badge[1]
    check((0.5 <= ratio <= 0.7 or abs(badge[0] - badge[2]) < 1) and badge[0] <= badge[2] + 0.5,
          f"{where}: the badge is {badge[0]:.0f} px of {badge[1]:.0f} px (natural size {badge[2]} px): "
          "not 50-70% of the width at most its natural size")
    portrait = browser.execute_script("const p = document.querySelector('.crew-portrait').getBoundingClientRect(); return [p.width, p.height]")
    check(portrait == [104, 72], f"{where}: crew portraits are {portrait}, not 104 × 72")
    story, roster = browser.execute_script(
        "return [document.querySelector('.mission-story').getBoundingClientRect().toJSON(),"
        " document.querySelector('.crew').getBoundingClientRect().toJSON()]")
    if size == "desktop":
        check(roster["left"] >= story["right"], f"{where}: the crew is not beside the description on a wide screen")
    else:
        check(roster["top"] >= story["bottom"], f"{where}: the crew is not below the description")
        tops = browser.execute_script("return Array.from(document.querySelectorAll('.roster .crew-member')).map(li => li.getBoundingClientRect().top)")
        check(len(set(tops)) == 1, f"{where}: the crew is not in one row: {tops}")
    # Armstrong's link leads to his page, which lists Apollo 11.
    click(browser, browser.find_element(By.CSS_SELECTOR, ".roster .crew-member a"))
    check(browser.current_url.endswith("/astronauts/armstrong.html"), f"{where}: Armstrong's link led to {browser.current_url}")
    check(browser.find_element(By.TAG_NAME, "h1").text == "Neil A. Armstrong", f"{where}: Armstrong's page is titled {browser.find_element(By.TAG_NAME, 'h1').text}")
    flights = [f.text for f in browser.find_elements(By.CSS_SELECTOR, ".flights .flight-name")]
    check(flights == ["Apollo 11"], f"{where}: Armstrong's page lists {flights}")
    click(browser, browser.find_element(By.CSS_SELECTOR, ".flights a"))
    check(browser.current_url.endswith("/missions/apollo11.html"), f"{where}: the flight links to {browser.current_url}")

    where = f"missions/apollo1.html at {size}"
    open_page(browser, site, "missions/apollo1.html")
    date = browser.find_element(By.CSS_SELECTOR, ".launch-date").text
    check(date.endswith("N/A"), f"{where}: launch date {date!r}")
    names = [n.text for n in browser.find_elements(By.CSS_SELECTOR, ".roster .crew-name")]
    check(names == ["Virgil I. \"Gus\" Grissom", "Edward H. White II", "Roger B. Chaffee"], f"{where}: crew {names}")
    marked = [n.text for n in browser.find_elements(By.CSS_SELECTOR, ".crew-member.commander .crew-name")]
    check(marked == ["Virgil I. \"Gus\" Grissom"], f"{where}: the Command Pilot is not marked as commander: {marked}")

    open_page(browser, site, "astronauts/lovell.html")
    flights = [f.text for f in browser.find_elements(By.CSS_SELECTOR, ".flights .flight-name")]
    check(flights == ["Apollo 8", "Apollo 13"], f"astronauts/lovell.html at {size}: flights {flights}")


def apollo_timeline():
    """The timeline's facts, from the Apollo dataset's files rather than the database: the
    missions in order (no launch date first, then by date) as (page, name, date, crew names),
    and each astronaut's flights as (page, name, [mission pages])."""
    missions = json.loads((RESOURCES / "missions.json").read_text())
    people = json.loads((RESOURCES / "astronauts.json").read_text())
    missions.sort(key=lambda m: (m.get("launchDate") is not None, m.get("launchDate") or "", m["id"]))

    def shown(date):
        if not date:
            return "No launch date"
        day = datetime.date.fromisoformat(date)
        return f"{day:%b} {day.day}, {day.year}"

    columns = [(f"missions/apollo{m['id']}.html", f"Apollo {m['id']}", shown(m.get("launchDate")),
                [people[c["name"]]["name"] for c in m["crew"]]) for m in missions]
    rows = {}
    for mission in missions:
        for member in mission["crew"]:
            rows.setdefault(member["name"], []).append(f"missions/apollo{mission['id']}.html")
    return columns, [(f"astronauts/{key}.html", people[key]["name"], flights) for key, flights in rows.items()]


def check_timeline(browser, site, size):
    """The chart: a column per mission in time order, a mark per flight in its mission's column
    and its astronaut's row, each linking to the right page; the tables say the same; the chart
    scrolls in its own box and its links are reached with Tab, visibly."""
    where = f"timeline.html at {size}"
    open_page(browser, site, "timeline.html")
    columns, rows = apollo_timeline()
    centre = "e => { const r = e.querySelector('.hit').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2] }"
    heads = browser.execute_script(
        f"return Array.from(document.querySelectorAll('.timeline-chart a.mission-column')).map(a => [a.getAttribute('href'), ({centre})(a)])")
    check([h[0] for h in heads] == [c[0] for c in columns], f"{where}: columns {[h[0] for h in heads]}")
    xs = [h[1][0] for h in heads]
    check(all(a < b for a, b in zip(xs, xs[1:])), f"{where}: the columns are not left to right in time: {xs}")
    column_x = {h[0]: h[1][0] for h in heads}
    marks = browser.execute_script(
        f"return Array.from(document.querySelectorAll('.timeline-chart a.flight')).map(a => [a.getAttribute('href'), a.getAttribute('aria-label'), ({centre})(a)])")
    expected = {(name, page) for _, name, flights in rows for page in flights}
    check({(m[1].split(": Apollo ")[0], m[0]) for m in marks} == expected and len(marks) == len(expected),
          f"{where}: the marks are not one per flight, linking to its mission: {marks}")
    for page, label, (x, _) in marks:
        check(abs(x - column_x.get(page, -1000)) < 0.5, f"{where}: {label!r} is not in its mission's column")
    names = browser.execute_script(
        f"return Array.from(document.querySelectorAll('.timeline-chart a.astronaut')).map(a => [a.getAttribute('href'), a.textContent, ({centre})(a)[1]])")
    check([n[:2] for n in names] == [[page, name] for page, name, _ in rows], f"{where}: rows {[n[:2] for n in names]}")
    row_y = {n[1]: n[2] for n in names}
    for page, label, (_, y) in marks:
        check(abs(y - row_y.get(label.split(": Apollo ")[0], -1000)) < 0.5, f"{where}: {label!r} is not in its astronaut's row")

    # A cell holds text, or a list (its items).
    table = ("Array.from(document.querySelectorAll(arguments[0] + ' tbody tr')).map(tr => Array.from(tr.children).map(c =>"
             " c.querySelector('li') ? Array.from(c.querySelectorAll('li')).map(li => li.textContent.split(' (')[0]) : c.textContent))")
    missions = browser.execute_script(f"return {table}", "#timeline-tables section:first-child")
    check(missions == [[page_name, date, crew] for _, page_name, date, crew in columns], f"{where}: the missions table {missions}")
    people = browser.execute_script(f"return {table}", "#timeline-tables section:last-child")
    by_page = {c[0]: c[1] for c in columns}
    # The astronauts' table as `moonshot astronauts --sort first-flight` orders them: by first
    # launch date, those who never launched last, then by name.
    launched = {c[0]: c[2] != "No launch date" for c in columns}
    dates = {c[0]: datetime.datetime.strptime(c[2], "%b %d, %Y").date() for c in columns if launched[c[0]]}

    def first_flight(row):
        first = min((dates[f] for f in row[2] if launched[f]), default=None)
        return (first is None, first or datetime.date.min, row[1].encode())
    by_first_flight = sorted(rows, key=first_flight)
    check(people == [[name, str(len(flights)), [by_page[f] for f in flights]] for _, name, flights in by_first_flight],
          f"{where}: the astronauts table {people}")

    box = browser.execute_script("const b = document.querySelector('.timeline-scroll'); return [b.scrollWidth, b.clientWidth]")
    if size == "phone":
        check(box[0] > box[1], f"{where}: the chart does not scroll sideways in its box: {box}")
    # Tab from the skip link: the chart's box, then its first badge, drawn with a visible focus.
    browser.execute_script("document.querySelector('.skip-chart').focus()")
    browser.switch_to.active_element.send_keys(Keys.TAB)
    browser.switch_to.active_element.send_keys(Keys.TAB)
    focused = browser.execute_script(
        "const a = document.activeElement; return [a.getAttribute('href'), a.closest('svg') !== null,"
        " a.querySelector('.hit') ? getComputedStyle(a.querySelector('.hit')).stroke : null]")
    check(focused == [columns[0][0], True, "rgb(255, 215, 94)"], f"{where}: Tab reached {focused}, not the first badge drawn with a focus ring")
    # A mark leads to its mission: Lovell's second flight to Apollo 13.
    click(browser, browser.find_element(By.CSS_SELECTOR, ".timeline-chart a.flight[aria-label^='James A. Lovell Jr.: Apollo 13']"))
    check(browser.current_url.endswith("/missions/apollo13.html"), f"{where}: Lovell's Apollo 13 mark led to {browser.current_url}")


def apollo_at(site, size):
    """The Apollo checks at one size, in a browser of their own."""
    browser = start_browser()
    try:
        resize(browser, size)
        for page in pages(site):
            open_page(browser, site, page)
            check_common(browser, site, page, size)
            screenshot(browser, SHOTS / f"{page.replace('/', '-').removesuffix('.html')}-{size}.png")
            check(browser.find_elements(By.CSS_SELECTOR, "nav.site-navigation a[href$='timeline.html']"), f"{page}: no link to the timeline")
            if page in ("index.html", "timeline.html", "missions/apollo1.html", "missions/apollo11.html", "astronauts/armstrong.html"):
                check_accessibility(browser, f"{page} at {size}")
        check_missions_page(browser, site, size)
        check_mission_page(browser, site, size)
        check_timeline(browser, site, size)
    finally:
        browser.quit()


def apollo(site, screenshots):
    """The sizes are checked side by side, each in a browser of its own (a fresh profile, as a
    visitor's first visit): most of the time is spent waiting on the browser."""
    global SHOTS
    SHOTS = screenshots
    SHOTS.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=len(SIZES)) as pool:
        for done in [pool.submit(apollo_at, site, size) for size in SIZES]:
            done.result()


def placeholders(site):
    browser = start_browser()
    try:
        resize(browser, "desktop")
        for page in pages(site):
            open_page(browser, site, page)
            check_common(browser, site, page, "desktop")
            count = len(browser.find_elements(By.CSS_SELECTOR, "svg.placeholder[role=img][aria-label], .timeline-chart .badge-placeholder"))
            check(count > 0, f"{page}: no placeholder pictures")
            check(not browser.find_elements(By.TAG_NAME, "img"), f"{page}: <img> elements in a dataset without pictures")
            if page == "index.html":
                cards = len(browser.find_elements(By.CSS_SELECTOR, "ul.cards > li"))
                check(count == cards, f"{page}: {count} placeholders for {cards} cards")
                check_accessibility(browser, f"{page} (placeholders)")
            if page == "timeline.html":
                check_accessibility(browser, f"{page} (placeholders)")
    finally:
        browser.quit()


def hostile(site, texts):
    browser = start_browser()
    try:
        resize(browser, "desktop")
        for page in pages(site):
            where = f"{page} (hostile)"
            open_page(browser, site, page)
            try:
                alert = browser.switch_to.alert
                fail(f"{where}: a script opened an alert: {alert.text}")
                alert.dismiss()
            except NoAlertPresentException:
                pass
            check(browser.execute_script("return window.pwned === undefined"), f"{where}: injected script ran")
            check(not browser.find_elements(By.CSS_SELECTOR, "[onerror], [onload], [onclick], iframe, object, embed"),
                  f"{where}: injected markup became elements")
            scripts = [s.get_attribute("src") or s.get_attribute("type") for s in browser.find_elements(By.TAG_NAME, "script")]
            check(len(scripts) <= 2 and all(s.endswith("site.js") or s == "application/json" for s in scripts),
                  f"{where}: unexpected scripts {scripts}")
            check_common(browser, site, page, "desktop")
            shown = browser.find_element(By.TAG_NAME, "main").get_attribute("innerText")
            for text in texts["pages"].get(page, []):
                check(text in shown, f"{where}: {text!r} is not shown as text")
            if page == "index.html":
                search = browser.find_element(By.ID, "search-input")
                search.send_keys(texts["search"])
                options = [o.get_attribute("textContent") for o in browser.find_elements(By.CSS_SELECTOR, "#search-suggestions [role=option]")]
                check(any(texts["suggestion"] in o for o in options), f"{where}: suggestions {options}")
                check(browser.execute_script("return window.pwned === undefined"), f"{where}: a suggestion ran script")
                # Control characters are shown as the pages show them, in the suggestions and in
                # the filter a suggestion becomes.
                for typed, label in texts["suggestions"]:
                    search.clear()
                    search.send_keys(typed)
                    options = {o.find_element(By.CSS_SELECTOR, "span").get_attribute("textContent"): o
                               for o in browser.find_elements(By.CSS_SELECTOR, "#search-suggestions [role=option]")}
                    check(label in options, f"{where}: {typed!r} suggests {list(options)}, not {label!r}")
                    check(not any(re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", text) for text in options),
                          f"{where}: a suggestion shows a control character: {list(options)}")
                    if label in options:
                        click(browser, options[label])
                    tokens = [t.get_attribute("textContent") for t in browser.find_elements(By.CSS_SELECTOR, "#search-tokens .token span")]
                    check(tokens and tokens[-1] == label, f"{where}: choosing {label!r} made the filters {tokens}")
            if page.startswith("astronauts/"):
                name = browser.find_element(By.TAG_NAME, "h1").get_attribute("textContent")
                check(name in texts["names"], f"{where}: the heading {name!r} is not one of the names as written")
    finally:
        browser.quit()


def sqlite_words(database, texts):
    """The terms SQLite's FTS5 makes of each of `texts`, in order, tokenized as the full-text
    indexes of `database` are (the tokenize option of its missions_fts), read with fts5vocab."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    schema = connection.execute("SELECT sql FROM sqlite_schema WHERE name = 'missions_fts'").fetchone()[0]
    tokenizer = re.search(r'tokenize="([^"]*)"', schema).group(1)
    connection.execute(f"CREATE VIRTUAL TABLE temp.texts USING fts5(text, tokenize = '{tokenizer}')")
    connection.executemany("INSERT INTO temp.texts (rowid, text) VALUES (?, ?)", enumerate(texts))
    connection.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(temp, texts, instance)")
    words = [[] for _ in texts]
    for doc, term in connection.execute("SELECT doc, term FROM temp.terms ORDER BY doc, offset"):
        words[doc].append(term)
    connection.close()
    return tokenizer, words


def set_text(browser, box, text):
    """Sets the box's text as typing it would (send_keys would type a tab as a move to the next field)."""
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", box, text)


def search(site, database, cases):
    """The stems the page's script makes are SQLite's, and the box shows what `moonshot search` finds."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    texts = [text for row in connection.execute("SELECT name, description FROM missions UNION ALL SELECT name, description FROM astronauts")
             for text in row] + cases["words"]
    connection.close()
    tokenizer, expected = sqlite_words(database, texts)
    check("porter" in tokenizer, f"the full-text indexes do not stem words: tokenize={tokenizer!r}")
    browser = start_browser()
    try:
        resize(browser, "desktop")
        open_page(browser, site, "index.html")
        ours = browser.execute_script("return arguments[0].map((text) => window.moonshotSearch.words(text))", texts)
        differ = [(text[:60], mine, theirs) for text, mine, theirs in zip(texts, ours, expected) if mine != theirs]
        for text, mine, theirs in differ[:20]:
            first = next((i for i, (a, b) in enumerate(zip(mine + [None], theirs + [None])) if a != b), 0)
            fail(f"the script splits and stems {text!r} as {mine[first:first + 4]}, SQLite as {theirs[first:first + 4]} (word {first})")
        check(sum(len(w) for w in expected) > 5000, f"too few words compared: {sum(len(w) for w in expected)}")
        search_box = browser.find_element(By.ID, "search-input")
        for case in cases["queries"]:
            set_text(browser, search_box, case["text"])
            shown = browser.execute_script(
                "return Array.from(document.querySelectorAll('ul.cards > li[data-key]')).filter((li) => !li.hidden).map((li) => li.dataset.key)")
            check(sorted(shown) == sorted(case["keys"]),
                  f"{case['text']!r}: the box shows {sorted(set(shown) - set(case['keys']))} that moonshot search does not find, "
                  f"and not {sorted(set(case['keys']) - set(shown))} that it finds")
        # The astronauts the box suggests are those `moonshot astronaut` takes the words to mean.
        for case in cases["lookups"]:
            set_text(browser, search_box, case["text"])
            suggested = browser.execute_script(
                "return Array.from(document.querySelectorAll('#search-suggestions [role=option]'))"
                ".filter((o) => o.querySelector('.kind').textContent.includes('astronaut')).map((o) => o.firstChild.textContent)")
            check(sorted(suggested) == sorted(case["names"]),
                  f"{case['text']!r}: the box suggests {suggested}, moonshot astronaut takes it to mean {case['names']}")
        # The mission the box offers first is the one `moonshot mission` takes the number to name.
        for case in cases["missions"]:
            set_text(browser, search_box, case["text"])
            offered = browser.execute_script(
                "return Array.from(document.querySelectorAll('#search-suggestions [role=option]'))"
                ".filter((o) => o.querySelector('.kind').textContent.includes('mission')).map((o) => o.firstChild.textContent)")
            check(offered == ([case["name"]] if case["name"] else []),
                  f"{case['text']!r}: the box offers the missions {offered}, moonshot mission answers {case['name']}")
        check(page_errors(browser) == [], f"errors in the console: {page_errors(browser)}")
    finally:
        browser.quit()


def main(arguments):
    if len(arguments) < 2:
        sys.exit(__doc__)
    mode, site = arguments[0], Path(arguments[1])
    if mode == "apollo" and len(arguments) == 3:
        apollo(site, Path(arguments[2]))
    elif mode == "placeholders":
        placeholders(site)
    elif mode == "hostile" and len(arguments) == 3:
        hostile(site, json.loads(Path(arguments[2]).read_text()))
    elif mode == "search" and len(arguments) == 4:
        search(site, arguments[2], json.loads(Path(arguments[3]).read_text()))
    else:
        sys.exit(__doc__)
    print(f"{mode}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
