// moonshot site: favourites on every page; on the missions page, the grid/list toggle and the
// search box. Data is only ever set as text (textContent), never as markup.
"use strict";

// The search rules of `moonshot search`, so that the box finds what the command finds for the
// same words. schema.sql's full-text indexes split and fold text as SQLite's FTS5 tokenizer
// "porter unicode61 remove_diacritics 2" does, and CannedQuery.search reads what is typed:
// - text is split into words at anything but letters and digits; case and accents are ignored
//   (the accents of Latin letters: SQLite's table of them has those);
// - each word is reduced to its stem by Porter's algorithm, as FTS5's porter tokenizer does it
//   (on the word's UTF-8 bytes: words under 3 or over 64 bytes are left as they are);
// - what is typed is split into chunks at spaces, tabs and line breaks; a possessive 's at the
//   end of a chunk is dropped; each chunk is a phrase: its words one after another in the name
//   or in the description; every phrase must match (one without words is left out);
// - the last word of the last chunk also matches as the start of a word ("lov" finds Lovell),
//   unless it ends in a digit, 0 to 9: numbers match whole ("apollo 1", "o2", "1969").
// Tests call these through window.moonshotSearch, against SQLite itself.
const moonshotSearch = (() => {
    // Accents are taken off Latin letters only, as SQLite's table of them does ("naïve" is
    // "naive", "Ελλάδα" stays as it is). SQLite folds case as Unicode's case folding does, which
    // differs from toLowerCase for a few letters: final sigma, the micro sign, long s and the
    // Greek symbol forms are their plain letters.
    const caseFolds = { "ς": "σ", "µ": "μ", "ſ": "s", "ϐ": "β", "ϑ": "θ", "ϕ": "φ", "ϖ": "π", "ϰ": "κ", "ϱ": "ρ", "ϵ": "ε" };
    const fold = (text) => text.toLowerCase().normalize("NFD").replace(/(\p{Script=Latin})\p{M}+/gu, "$1").normalize("NFC")
        .replace(/[ςµſϐϑϕϖϰϱϵ]/gu, (letter) => caseFolds[letter]);
    const vowel = (c, yIsVowel) => "aeiou".includes(c) || (yIsVowel && c === "y");

    // Porter's measure conditions on the first n characters of word w, as FTS5 writes them.
    function gobbleVC(w, start, n, prevConsonant) {
        let consonant = prevConsonant, i = start;
        for (; i < n; i++) if (!(consonant = !vowel(w[i], consonant))) break;
        for (i++; i < n; i++) if ((consonant = !vowel(w[i], consonant))) return i + 1;
        return 0;
    }
    const mGt0 = (w, n) => gobbleVC(w, 0, n, false) > 0;
    function mGt1(w, n) { const k = gobbleVC(w, 0, n, false); return k > 0 && gobbleVC(w, k, n, true) > 0; }
    function mEq1(w, n) { const k = gobbleVC(w, 0, n, false); return k > 0 && gobbleVC(w, k, n, true) === 0; }
    function oStar(w, n) {
        if ("wxy".includes(w[n - 1])) return false;
        let mask = 0, consonant = false;
        for (let i = 0; i < n; i++) { consonant = !vowel(w[i], consonant); mask = (mask << 1) + (consonant ? 1 : 0); }
        return (mask & 7) === 5;
    }
    const hasVowel = (w, n) => { for (let i = 0; i < n; i++) if (vowel(w[i], i > 0)) return true; return false; };
    const ends = (w, suffix) => w.length > suffix.length && w.endsWith(suffix);

    // Each step: [suffix, condition on the stem before it, replacement]; the first suffix the word
    // ends with decides, whether its condition holds or not.
    const step2 = [["ational", mGt0, "ate"], ["tional", mGt0, "tion"], ["enci", mGt0, "ence"], ["anci", mGt0, "ance"],
        ["izer", mGt0, "ize"], ["logi", mGt0, "log"], ["bli", mGt0, "ble"], ["alli", mGt0, "al"], ["entli", mGt0, "ent"],
        ["eli", mGt0, "e"], ["ousli", mGt0, "ous"], ["ization", mGt0, "ize"], ["ation", mGt0, "ate"], ["ator", mGt0, "ate"],
        ["alism", mGt0, "al"], ["iveness", mGt0, "ive"], ["fulness", mGt0, "ful"], ["ousness", mGt0, "ous"],
        ["aliti", mGt0, "al"], ["iviti", mGt0, "ive"], ["biliti", mGt0, "ble"]];
    const step3 = [["ical", mGt0, "ic"], ["ness", mGt0, ""], ["icate", mGt0, "ic"], ["iciti", mGt0, "ic"], ["ful", mGt0, ""],
        ["ative", mGt0, ""], ["alize", mGt0, "al"]];
    const sOrT = (w, n) => (w[n - 1] === "s" || w[n - 1] === "t") && mGt1(w, n);
    const step4 = [["al", mGt1, ""], ["ance", mGt1, ""], ["ence", mGt1, ""], ["er", mGt1, ""], ["ic", mGt1, ""], ["able", mGt1, ""],
        ["ible", mGt1, ""], ["ant", mGt1, ""], ["ement", mGt1, ""], ["ment", mGt1, ""], ["ent", mGt1, ""], ["ion", sOrT, ""],
        ["ou", mGt1, ""], ["ism", mGt1, ""], ["ate", mGt1, ""], ["iti", mGt1, ""], ["ous", mGt1, ""], ["ive", mGt1, ""],
        ["ize", mGt1, ""]];
    // FTS5 looks only at suffixes that end in the word's last two letters, in this order.
    function applyStep(w, rules) {
        const key = w[w.length - 2];
        const rule = rules.find(([suffix]) => suffix[suffix.length - 2] === key && ends(w, suffix));
        if (!rule) return w;
        const [suffix, condition, replacement] = rule;
        const n = w.length - suffix.length;
        return condition(w, n) ? w.slice(0, n) + replacement : w;
    }

    // Porter's stem of a folded word. The word is handled as its UTF-8 bytes, as FTS5 does (a
    // byte of a letter beyond ASCII is a consonant), one character per byte.
    function stem(word) {
        const bytes = new TextEncoder().encode(word);
        if (bytes.length < 3 || bytes.length > 64) return word;
        let w = String.fromCharCode(...bytes);
        // Step 1a.
        if (w.endsWith("s")) {
            if (w[w.length - 2] === "e") w = ((w.length > 4 && w.endsWith("sses")) || (w.length > 3 && w.endsWith("ies"))) ? w.slice(0, -2) : w.slice(0, -1);
            else if (w[w.length - 2] !== "s") w = w.slice(0, -1);
        }
        // Step 1b.
        let removed = false;
        if (ends(w, "eed")) {
            if (mGt0(w, w.length - 3)) w = w.slice(0, -1);
        } else if (ends(w, "ed") || ends(w, "ing")) {
            const n = w.length - (w.endsWith("ed") ? 2 : 3);
            if (hasVowel(w, n)) { w = w.slice(0, n); removed = true; }
        }
        if (removed) {
            const grown = [["at", "ate"], ["bl", "ble"], ["iz", "ize"]].find(([suffix]) => ends(w, suffix));
            const last = w[w.length - 1];
            if (grown) w = w.slice(0, -2) + grown[1];
            else if (!vowel(last, false) && !"lsz".includes(last) && last === w[w.length - 2]) w = w.slice(0, -1);
            else if (mEq1(w, w.length) && oStar(w, w.length)) w += "e";
        }
        // Step 1c.
        if (w.endsWith("y") && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + "i";
        w = applyStep(applyStep(applyStep(w, step2), step3), step4);
        // Step 5.
        if (w.endsWith("e") && (mGt1(w, w.length - 1) || (mEq1(w, w.length - 1) && !oStar(w, w.length - 1)))) w = w.slice(0, -1);
        if (w.length > 1 && w.endsWith("ll") && mGt1(w, w.length - 1)) w = w.slice(0, -1);
        return new TextDecoder().decode(Uint8Array.from(w, (c) => c.charCodeAt(0)));
    }

    // The folded words of `text`, in order, and their stems.
    const folded = (text) => fold(text).split(/[^\p{L}\p{N}\p{Co}]+/u).filter((word) => word !== "");
    const words = (text) => folded(text).map(stem);

    // What may follow a number that is matched whole: the list of SearchWords.numberEnd in
    // moonshot (a test holds the two alike).
    const numberEnd = "    　!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~’”»…—–«“‘¡¿、。」』";

    // What was typed as phrases of stems; the last one's last stem is a prefix, unless the text
    // ends in a digit, white space and punctuation (numberEnd) after it aside, as the command's
    // SQL reads it. Empty if no word.
    function query(text) {
        const chunks = text.split(/[ \t\r\n]/).map((chunk) => {
            for (const suffix of ["'s", "'S", "’s", "’S"]) if (chunk.endsWith(suffix)) chunk = chunk.slice(0, -2);
            return chunk;
        }).filter((chunk) => chunk !== "");
        const typed = chunks.map(folded);
        const asRead = (text.replace(/[\t\r\n]/g, " ") + " ").replaceAll("'s ", " ").replaceAll("'S ", " ").replaceAll("’s ", " ").replaceAll("’S ", " ");
        let end = asRead.length;
        while (end > 0 && numberEnd.includes(asRead[end - 1])) end--;
        const lastIsPrefix = !(end > 0 && /[0-9]/.test(asRead[end - 1]));
        const phrases = typed.map((phrase) => phrase.map(stem));
        return phrases.map((phrase, index) => ({ words: phrase, prefix: lastIsPrefix && index === phrases.length - 1 }))
            .filter((phrase) => phrase.words.length > 0);
    }

    // Whether the texts (each a list of stems: a name, a description) hold every phrase of `asked`.
    function matches(asked, texts) {
        if (asked.length === 0) return false;
        return asked.every(({ words: phrase, prefix }) => texts.some((text) => {
            for (let start = 0; start + phrase.length <= text.length; start++) {
                if (phrase.every((word, i) => (prefix && i === phrase.length - 1) ? text[start + i].startsWith(word) : text[start + i] === word)) return true;
            }
            return false;
        }));
    }

    // The astronauts `moonshot astronaut` takes `text` to mean (MoonshotDatabase.resolveAstronaut
    // and bestGuess), best first; each of `people` has `texts` (the stems of the name and of the
    // description) and `called` (of the name and of the opening of the description, where the
    // nicknames are). The words of `text` are taken one by one, the last also as a prefix
    // (unless it ends in a digit, as in `query`):
    // - those whose name holds every word whole; failing that, with the last as a prefix;
    // - failing that, those with the best score above 0: 2 for each word of the name that is one
    //   of the words, 1 for each of the opening ("jim lov" is Lovell, not James "Jim" Irwin);
    // - failing that, those whose name and description hold every word.
    function astronautsMeant(text, people) {
        const typed = query(text).flatMap(({ words: phrase, prefix }) =>
            phrase.map((word, i) => ({ words: [word], prefix: prefix && i === phrase.length - 1 })));
        if (typed.length === 0) return [];
        for (const asked of [typed.map(({ words: phrase }) => ({ words: phrase, prefix: false })), typed]) {
            const named = people.filter((person) => matches(asked, [person.called[0]]));
            if (named.length > 0) return named;
        }
        const found = (stems) => stems.filter((stem) => typed.some(({ words: [word], prefix }) => prefix ? stem.startsWith(word) : stem === word)).length;
        const scored = people.map((person) => ({ person, score: 2 * found(person.called[0]) + found(person.called[1]) }));
        const best = Math.max(0, ...scored.map(({ score }) => score));
        if (best > 0) return scored.filter(({ score }) => score === best).map(({ person }) => person);
        return people.filter((person) => matches(typed, person.texts));
    }

    // The number of the mission `text` names as `moonshot mission` reads it
    // (MoonshotDatabase.missionNumber): "11", "Apollo 11", "apollo11", "Apollo XI", "1 2"; else null.
    function missionNumber(text) {
        let compact = text.toLowerCase().replace(/\s/gu, "");
        if (compact.startsWith("apollo")) compact = compact.slice("apollo".length);
        if (/^[+-]?[0-9]+$/.test(compact)) return Number(compact);
        const values = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
        if (!/^[ivxlcdm]+$/.test(compact)) return null;
        const digits = Array.from(compact, (c) => values[c]);
        const total = digits.reduce((sum, value, i) => sum + (value < (digits[i + 1] ?? 0) ? -value : value), 0);
        // Only the canonical spelling, so that "iiii" or "ic" are not numbers.
        if (total <= 0 || total >= 4000) return null;
        const table = [[1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"], [50, "l"], [40, "xl"],
            [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"]];
        let remaining = total, numeral = "";
        for (const [value, letters] of table) while (remaining >= value) { numeral += letters; remaining -= value; }
        return numeral === compact ? total : null;
    }

    return Object.freeze({ fold, stem, words, query, matches, astronautsMeant, missionNumber });
})();
window.moonshotSearch = moonshotSearch;

(function () {
    const store = {
        get(key, fallback) {
            try {
                const value = window.localStorage.getItem("moonshot:" + key);
                return value === null ? fallback : JSON.parse(value);
            } catch (error) {
                return fallback;
            }
        },
        set(key, value) {
            try { window.localStorage.setItem("moonshot:" + key, JSON.stringify(value)); } catch (error) { /* private mode */ }
        },
    };

    // Favourites: a star per mission and astronaut, kept in localStorage; favourites come first.
    let favourites = new Set(store.get("favourites", []));

    function showFavourites() {
        for (const star of document.querySelectorAll("button.star[data-favourite]")) {
            star.hidden = false;
            star.setAttribute("aria-pressed", String(favourites.has(star.dataset.favourite)));
        }
        for (const list of document.querySelectorAll("ul.cards")) {
            const cards = Array.from(list.children);
            cards.sort((a, b) => (favourites.has(b.dataset.key) - favourites.has(a.dataset.key)) || (a.dataset.order - b.dataset.order));
            for (const card of cards) list.appendChild(card);
        }
    }

    for (const list of document.querySelectorAll("ul.cards")) {
        Array.from(list.children).forEach((card, index) => { card.dataset.order = index; });
    }
    document.addEventListener("click", (event) => {
        const star = event.target.closest("button.star[data-favourite]");
        if (!star) return;
        const key = star.dataset.favourite;
        if (favourites.has(key)) favourites.delete(key); else favourites.add(key);
        store.set("favourites", Array.from(favourites));
        showFavourites();
        star.focus();
    });
    showFavourites();

    const dataElement = document.getElementById("site-data");
    if (!dataElement) return;
    const data = JSON.parse(dataElement.textContent);
    document.querySelector(".toolbar").hidden = false;

    // Grid or list, remembered across visits; the button says what a press will do.
    const toggle = document.getElementById("layout-toggle");
    let layout = "grid";
    function showLayout(chosen) {
        layout = chosen;
        for (const list of document.querySelectorAll("ul.cards")) list.classList.toggle("list", layout === "list");
        toggle.textContent = layout === "list" ? "Show as grid" : "Show as list";
    }
    toggle.addEventListener("click", () => {
        showLayout(layout === "list" ? "grid" : "list");
        store.set("layout", layout);
    });
    showLayout(store.get("layout", "grid"));

    // Search: words filter missions and astronauts by name and description as they are typed,
    // by the rules of `moonshot search` (moonshotSearch, above); an astronaut or a role picked
    // from the suggestions becomes a token that narrows the missions. Suggested first is the
    // mission `moonshot mission` takes the words to name by its number ("Apollo XI"), then the
    // astronauts `moonshot astronaut` takes them to mean (moonshotSearch.astronautsMeant) by
    // name, then the roles, then the astronauts it guesses from their descriptions.
    const stems = (text) => moonshotSearch.words(text);
    const missions = data.missions.map((m) => ({ ...m, texts: [stems(m.name), stems(m.description)] }));
    const astronauts = data.astronauts.map((a) => ({ ...a, texts: [stems(a.name), stems(a.description)], called: [stems(a.name), stems(a.opening)] }));
    const roles = data.roles.map(({ role, label }) => ({ role, label, texts: [stems(role)] }));
    const cards = new Map(Array.from(document.querySelectorAll("ul.cards > li[data-key]")).map((li) => [li.dataset.key, li]));

    const combobox = document.getElementById("search-combobox");
    const input = document.getElementById("search-input");
    const tokenList = document.getElementById("search-tokens");
    const suggestionList = document.getElementById("search-suggestions");
    const status = document.getElementById("result-count");
    let tokens = [];        // {kind: "mission" | "astronaut" | "role", value, label}
    let suggestions = [];
    let active = -1;

    function asked() {
        return moonshotSearch.query(input.value);
    }

    function missionMatches(mission, typed) {
        if (typed.length > 0 && !moonshotSearch.matches(typed, mission.texts)) return false;
        if (!tokens.every((t) => t.kind !== "mission" || t.value === mission.id)) return false;
        const people = tokens.filter((t) => t.kind === "astronaut").map((t) => t.value);
        const roles = tokens.filter((t) => t.kind === "role").map((t) => t.value);
        if (!people.every((id) => mission.crew.some((member) => member.id === id))) return false;
        return roles.every((role) => mission.crew.some((member) =>
            member.role === role && (people.length === 0 || people.includes(member.id))));
    }

    function filter() {
        const typed = asked();
        const shown = missions.filter((m) => missionMatches(m, typed));
        const crews = new Set(shown.flatMap((m) => m.crew.map((member) => member.id)));
        const people = astronauts.filter((a) =>
            (typed.length === 0 || moonshotSearch.matches(typed, a.texts)) && (tokens.length === 0 || crews.has(a.id)));
        const visible = new Set([...shown, ...people].map((item) => item.key));
        for (const [key, card] of cards) card.hidden = !visible.has(key);
        const filtered = typed.length > 0 || tokens.length > 0;
        status.textContent = filtered
            ? `${shown.length} of ${missions.length} missions and ${people.length} of ${astronauts.length} astronauts match.`
            : "";
    }

    function renderTokens() {
        tokenList.replaceChildren(...tokens.map((token, index) => {
            const item = document.createElement("li");
            item.className = "token";
            const label = document.createElement("span");
            label.textContent = token.label;
            const remove = document.createElement("button");
            remove.type = "button";
            remove.textContent = "×";
            remove.setAttribute("aria-label", `Remove filter ${token.label}`);
            remove.addEventListener("click", () => {
                tokens.splice(index, 1);
                update();
                input.focus();
            });
            item.append(label, remove);
            return item;
        }));
    }

    function findSuggestions() {
        const typed = asked();
        if (typed.length === 0) return [];
        const chosen = new Set(tokens.map((t) => t.kind + ":" + t.value));
        const number = moonshotSearch.missionNumber(input.value);
        const named = tokens.some((t) => t.kind === "mission") ? [] : missions
            .filter((m) => m.id === number)
            .map((m) => ({ kind: "mission", value: m.id, label: m.label }));
        const meant = moonshotSearch.astronautsMeant(input.value, astronauts)
            .filter((a) => !chosen.has("astronaut:" + a.id))
            .slice(0, 6);
        // Those whose name holds the words; the rest were guessed from their descriptions.
        const byName = (a) => moonshotSearch.matches(typed, [a.called[0]]);
        const person = (a) => ({ kind: "astronaut", value: a.id, label: a.label });
        const offered = roles
            .filter(({ role, texts }) => !chosen.has("role:" + role) && moonshotSearch.matches(typed, texts))
            .slice(0, 3)
            .map(({ role, label }) => ({ kind: "role", value: role, label }));
        return [...named, ...meant.filter(byName).map(person), ...offered, ...meant.filter((a) => !byName(a)).map(person)];
    }

    function renderSuggestions() {
        suggestionList.replaceChildren(...suggestions.map((suggestion, index) => {
            const option = document.createElement("li");
            option.id = "suggestion-" + index;
            option.setAttribute("role", "option");
            option.setAttribute("aria-selected", String(index === active));
            option.classList.toggle("active", index === active);
            const label = document.createElement("span");
            label.textContent = suggestion.label;
            const kind = document.createElement("span");
            kind.className = "kind";
            kind.textContent = " · " + suggestion.kind;
            option.append(label, kind);
            option.addEventListener("mousedown", (event) => event.preventDefault());
            option.addEventListener("click", () => choose(index));
            return option;
        }));
        const open = suggestions.length > 0;
        suggestionList.hidden = !open;
        combobox.setAttribute("aria-expanded", String(open));
        if (open && active >= 0) input.setAttribute("aria-activedescendant", "suggestion-" + active);
        else input.removeAttribute("aria-activedescendant");
    }

    function choose(index) {
        const suggestion = suggestions[index];
        if (!suggestion) return;
        tokens.push(suggestion);
        input.value = "";
        update();
        input.focus();
    }

    function update() {
        suggestions = findSuggestions();
        active = -1;
        renderTokens();
        renderSuggestions();
        filter();
    }

    input.addEventListener("input", update);
    input.addEventListener("keydown", (event) => {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (suggestions.length === 0) return;
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            active = (active + step + suggestions.length) % suggestions.length;
            renderSuggestions();
        } else if (event.key === "Enter") {
            if (suggestions.length === 0) return;
            event.preventDefault();
            choose(active >= 0 ? active : 0);
        } else if (event.key === "Escape") {
            suggestions = [];
            active = -1;
            renderSuggestions();
        } else if (event.key === "Backspace" && input.value === "" && tokens.length > 0) {
            tokens.pop();
            update();
        }
    });
    input.addEventListener("blur", () => {
        suggestions = [];
        renderSuggestions();
    });
    input.addEventListener("focus", () => {
        suggestions = findSuggestions();
        renderSuggestions();
    });
    update();
})();
