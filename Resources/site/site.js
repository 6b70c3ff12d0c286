// moonshot site: favourites on every page; on the missions page, the grid/list toggle and the
// search box. Data is only ever set as text (textContent), never as markup.
"use strict";

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

    // Grid or list, remembered across visits.
    const toggle = document.getElementById("layout-toggle");
    function showLayout(layout) {
        for (const list of document.querySelectorAll("ul.cards")) list.classList.toggle("list", layout === "list");
        toggle.setAttribute("aria-pressed", String(layout === "list"));
    }
    toggle.addEventListener("click", () => {
        const layout = toggle.getAttribute("aria-pressed") === "true" ? "grid" : "list";
        store.set("layout", layout);
        showLayout(layout);
    });
    showLayout(store.get("layout", "grid"));

    // Search: words filter missions and astronauts by name and description as they are typed;
    // an astronaut or a role picked from the suggestions becomes a token that narrows the missions.
    const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    const missions = data.missions.map((m) => ({ ...m, folded: fold(m.text) }));
    const astronauts = data.astronauts.map((a) => ({ ...a, folded: fold(a.text), foldedName: fold(a.name) }));
    const cards = new Map(Array.from(document.querySelectorAll("ul.cards > li[data-key]")).map((li) => [li.dataset.key, li]));

    const combobox = document.getElementById("search-combobox");
    const input = document.getElementById("search-input");
    const tokenList = document.getElementById("search-tokens");
    const suggestionList = document.getElementById("search-suggestions");
    const status = document.getElementById("result-count");
    let tokens = [];        // {kind: "astronaut" | "role", value, label}
    let suggestions = [];
    let active = -1;

    function words() {
        return fold(input.value).split(/\s+/).filter((word) => word !== "");
    }

    function missionMatches(mission, typed) {
        if (!typed.every((word) => mission.folded.includes(word))) return false;
        const people = tokens.filter((t) => t.kind === "astronaut").map((t) => t.value);
        const roles = tokens.filter((t) => t.kind === "role").map((t) => t.value);
        if (!people.every((id) => mission.crew.some((member) => member.id === id))) return false;
        return roles.every((role) => mission.crew.some((member) =>
            member.role === role && (people.length === 0 || people.includes(member.id))));
    }

    function filter() {
        const typed = words();
        const shown = missions.filter((m) => missionMatches(m, typed));
        const crews = new Set(shown.flatMap((m) => m.crew.map((member) => member.id)));
        const people = astronauts.filter((a) =>
            typed.every((word) => a.folded.includes(word)) && (tokens.length === 0 || crews.has(a.id)));
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
        const typed = words();
        if (typed.length === 0) return [];
        const chosen = new Set(tokens.map((t) => t.kind + ":" + t.value));
        const people = astronauts
            .filter((a) => !chosen.has("astronaut:" + a.id) && typed.every((word) => a.foldedName.includes(word)))
            .slice(0, 6)
            .map((a) => ({ kind: "astronaut", value: a.id, label: a.name }));
        const roles = data.roles
            .filter((role) => !chosen.has("role:" + role) && typed.every((word) => fold(role).includes(word)))
            .slice(0, 3)
            .map((role) => ({ kind: "role", value: role, label: role }));
        return [...people, ...roles];
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
            kind.textContent = suggestion.kind === "astronaut" ? " · astronaut" : " · role";
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
