// The served table: the caller's own view, fetched from /api/state and again after every event. Every
// name and card is written as text (never as markup); the server decides everything, the page shows it.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const role = document.querySelector("main").dataset.role;
  const colourOf = JSON.parse(document.querySelector("main").dataset.chips || "{}"); // card name -> its chip's class
  let state = null;

  function el(tag, text, cls) {
    const made = document.createElement(tag);
    if (text !== undefined && text !== null) made.textContent = String(text);
    if (cls) made.className = cls;
    return made;
  }

  async function call(method, url, body) {
    const options = { method, headers: {}, credentials: "same-origin" };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(url, options);
    let data = null;
    try { data = await response.json(); } catch (e) { data = { error: response.statusText }; }
    return { status: response.status, data };
  }

  function summary(value) {
    // A value of the view in a few words: a card with a title is its title, an object its keys and values.
    if (value === null || value === undefined) return "—";
    if (Array.isArray(value)) return value.map(summary).join(", ") || "none";
    if (typeof value !== "object") return String(value);
    if ("title" in value) return value.title + ("points" in value ? " (" + value.points + ")" : "");
    return Object.entries(value).map(([k, v]) => k.replace(/_/g, " ") + " " + summary(v)).join(", ");
  }

  function said(value) {
    // A part of the view as a node: a list of names as chips, a list of cards a line each, else words.
    if (Array.isArray(value) && value.length && value.every((v) => typeof v !== "object")) {
      const chips = el("span", null, "cards");
      for (const v of value) chips.append(el("span", v, "chip" + (colourOf[v] ? " " + colourOf[v] : "")));
      return chips;
    }
    if (Array.isArray(value) && value.length) {
      const list = el("ul", null, "items");
      for (const v of value) list.append(el("li", summary(v)));
      return list;
    }
    return el("span", summary(value));
  }

  function playerCard(entry, secret) {
    const card = el("div", null, "player");
    if (state.turn && entry.name === state.turn.player) card.classList.add("now");
    card.append(el("h3", entry.name + (entry.name === state.you ? " (you)" : "")));
    const list = el("dl");
    for (const [key, value] of Object.entries(entry)) {
      if (key === "name") continue;
      list.append(el("dt", key.replace(/_/g, " ")));
      const hidden = typeof value === "number" && secret.includes(key);
      const shown = el("dd");
      shown.append(hidden ? el("span", value + " unseen", "what") : said(value));
      list.append(shown);
    }
    card.append(list);
    return card;
  }

  function showSeats() {
    const box = $("seats");
    box.replaceChildren();
    if (role === "host") {
      box.append(el("h2", "Seats"));
      for (const [name, taken] of Object.entries(state.seats)) {
        const row = el("p", name + ": " + (taken ? "taken " : "free "));
        if (taken) {
          const free = el("button", "Free " + name);
          free.type = "button";
          free.addEventListener("click", async () => { await call("DELETE", "/api/seats/" + encodeURIComponent(name)); });
          row.append(free);
        }
        box.append(row);
      }
      return;
    }
    if (state.you) return;
    box.append(el("h2", "Who are you?"));
    for (const [name, taken] of Object.entries(state.seats)) {
      const sit = el("button", taken ? name + " (taken)" : name);
      sit.type = "button";
      sit.disabled = taken;
      sit.addEventListener("click", async () => {
        const got = await call("POST", "/api/seats/" + encodeURIComponent(name), {});
        if (got.status !== 201) $("status").textContent = got.data.error || "that seat cannot be taken";
        refresh();
      });
      box.append(sit);
    }
  }

  function showScores() {
    const box = $("scores");
    box.replaceChildren(el("h2", state.provisional ? "Scores so far (provisional)" : "Final scores"));
    const scores = state.scores;
    if (!scores) { box.append(el("p", "No scores yet.")); return; }
    if (scores.points) {
      box.append(el("p", scores.measure, "what"));
      const table = el("table");
      for (const [name, points] of Object.entries(scores.points)) {
        const row = el("tr");
        row.append(el("th", name), el("td", points, "num"));
        table.append(row);
      }
      box.append(table);
      return;
    }
    // The final scores with their breakdown, as `score` and the record page tabulate them.
    const table = el("table", null, "final");
    const head = el("tr");
    head.append(...state.table.headers.map((name) => el("th", name)));
    table.append(head);
    for (const cells of state.table.rows) {
      const row = el("tr");
      row.append(...cells.map((cell) => el("td", cell, /^-?\d+$/.test(cell) ? "num" : "")));
      table.append(row);
    }
    box.append(table);
    if (state.winner) box.append(el("p", state.winner, "legal"));
    if ((state.explanation || []).length) {
      const why = el("details");
      why.append(el("summary", "How the scores were counted"));
      for (const line of state.explanation) why.append(el("p", line));
      box.append(why);
    }
    if (state.report) {
      const link = el("a", "The record's report page");
      link.href = state.report;
      const line = el("p");
      line.append(link);
      box.append(line);
    }
  }

  function showLog() {
    const box = $("log");
    box.replaceChildren(el("h2", "Moves (" + state.moves + ")"));
    const list = el("ol", null, "moves");
    state.log.forEach((entry, i) => list.append(el("li", entry.move, i === state.log.length - 1 ? "last" : "")));
    box.append(list);
    if (state.stopped) box.append(el("p", "The record stops at " + state.stopped, "refused"));
  }

  function showProposals() {
    const box = $("proposals");
    box.replaceChildren();
    for (const proposal of state.proposals || []) {
      const asked = proposal.asks.includes(state.you) && !proposal.answered.includes(state.you);
      const waiting = proposal.asks.filter((name) => !proposal.answered.includes(name));
      const item = el("div", null, "proposal");
      item.append(el("p", proposal.player + " proposes: " + proposal.move));
      if (asked) {
        item.append(el("p", proposal.question));
        for (const [word, yes] of [["Accept", true], ["Decline", false]]) {
          const button = el("button", word);
          button.type = "button";
          button.addEventListener("click", async () => {
            const got = await call("POST", "/api/proposals/" + encodeURIComponent(proposal.id), { accept: yes });
            $("status").textContent = got.data.declined ? "Declined." : got.data.error || (got.data.legal ? "Played: " + got.data.move : got.data.reason || "Answered.");
            refresh();
          });
          item.append(button);
        }
      } else {
        item.append(el("p", "Waiting for " + waiting.join(", ") + ".", "what"));
      }
      box.append(item);
    }
    if (box.children.length) box.prepend(el("h2", "Proposals"));
  }

  function show() {
    const turn = state.over ? "The game is over." : "Turn: " + state.turn.player + (state.turn.phase ? " (" + state.turn.phase + ")." : ".");
    $("status").textContent = turn + (state.you ? " You are " + state.you + "." : "");
    showSeats();
    const players = state.view.players || [];
    const secret = state.secret || [];
    const mine = players.find((p) => p.name === state.you);
    $("hand").replaceChildren();
    if (mine) $("hand").append(el("h2", "Your hand"), playerCard(mine, secret));
    $("players").replaceChildren(el("h2", "The table"));
    for (const entry of players) if (entry.name !== state.you) $("players").append(playerCard(entry, secret));
    const shown = Object.entries(state.view).filter(([key]) => !["players", "turn", "board"].includes(key) || (key === "board" && !state.picture));
    if (state.picture) {
      // One picture kept from show to show: its address changes with every move, and only then is it fetched.
      if (picture.getAttribute("src") !== state.picture) picture.src = state.picture;
      $("players").append(picture);
    }
    if (shown.length) {
      const list = el("dl", null, "public");
      for (const [key, value] of shown) {
        const part = el("dd");
        part.append(said(value));
        list.append(el("dt", key.replace(/_/g, " ")), part);
      }
      $("players").append(list);
    }
    showProposals();
    if (state.over && $("scores").parentElement !== $("seats").parentElement) $("seats").after($("scores")); // the end: scores first
    showScores();
    showLog();
    $("play").hidden = !state.you || state.over;
    $("host").hidden = role !== "host";
  }

  let fetching = false;
  let again = false;
  const picture = el("img", null, "picture");
  picture.alt = "The table, drawn";

  async function refresh() {
    // One fetch of the table at a time: events that come while it runs are answered by one more fetch
    // after it, so a burst of events costs two fetches, and an older table never replaces a newer one.
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const got = await call("GET", "/api/state");
      if (got.status === 429) { again = true; await new Promise((done) => setTimeout(done, 1000)); }
      else if (got.status !== 200) $("status").textContent = got.data.error || "the table cannot be read";
      else { state = got.data; show(); await showOptions(); }
    } finally {
      fetching = false;
    }
    if (again) { again = false; refresh(); }
  }

  async function showOptions() {
    // The moves this seat may play now, where the game can list them: a tap fills the move and checks it.
    const box = $("options");
    if (!state.you || state.over || state.turn.player !== state.you) { box.hidden = true; return; }
    const asked = state.moves;
    const got = await call("GET", "/api/moves/options");
    if (state.moves !== asked) return; // a newer state is shown meanwhile: its own fetch fills the box
    const found = got.status === 200 && got.data.moves === state.moves ? got.data.options : [];
    box.replaceChildren();
    box.hidden = !found.length;
    if (!found.length) return;
    box.append(el("h2", "Moves you may play"));
    const list = el("div", null, "option-list");
    for (const option of found) {
      const button = el("button", null, "option");
      button.type = "button";
      button.dataset.move = option.move;
      button.append(el("span", option.move, "option-move"), el("span", option.note, "option-note"));
      button.addEventListener("click", async () => {
        $("move").value = option.move;
        await sendMove(true);
        $("play").scrollIntoView({ block: "nearest" }); // the verdict, and Play one more tap away
      });
      list.append(button);
    }
    box.append(list, el("p", "Tap one to check it, then Play; or type any move below.", "what"));
  }

  function ruleButton(id) {
    const button = el("button", id, "rule-link");
    button.type = "button";
    button.addEventListener("click", () => lookUp(id));
    return button;
  }

  async function lookUp(id) {
    const got = await call("GET", "/api/rules/" + encodeURIComponent(id));
    const box = $("rule");
    box.replaceChildren();
    if (got.status !== 200) {
      box.append(el("p", got.data.error, "refused"));
      if ((got.data.closest || []).length) box.append(el("p", "Did you mean: "), ...got.data.closest.map(ruleButton));
      return;
    }
    box.append(el("h3", got.data.id + ": " + got.data.title), el("p", got.data.text));
    if (got.data.example) box.append(el("p", "Example: " + got.data.example, "what"));
    box.scrollIntoView({ block: "nearest" });
  }

  async function sendMove(check) {
    const text = $("move").value.trim();
    if (!text) return;
    const got = await call("POST", "/api/moves", { move: text, after: state.moves, check });
    const box = $("verdict");
    box.replaceChildren();
    const data = got.data;
    if (got.status === 200 || got.status === 422) {
      const head = data.legal ? (data.played ? "Played: " : "Legal: ") : "Refused: ";
      const line = el("p", head + data.move + " — " + (data.reason || ""), data.legal ? "legal" : "refused");
      box.append(line);
      if (data.rule) {
        const rule = el("p", "Rule: ");
        rule.append(ruleButton(data.rule));
        box.append(rule);
      }
      for (const effect of data.effects || []) box.append(el("p", effect, "effects"));
      if (data.played) $("move").value = "";
    } else if (got.status === 202) {
      box.append(el("p", "Proposed: " + data.move + ". Waiting for " + data.asks.join(", ") + " to answer."));
    } else if (got.status === 409 && data.error === "stale") {
      box.append(el("p", "The table moved on (" + data.moves + " moves now): look again before you play.", "refused"));
    } else {
      box.append(el("p", data.error || "refused (" + got.status + ")", "refused"));
      if (data.column !== undefined) box.append(el("pre", text + "\n" + " ".repeat(data.column) + "^"));
    }
    refresh();
  }

  $("check").addEventListener("click", () => sendMove(true));
  $("move-form").addEventListener("submit", (event) => { event.preventDefault(); sendMove(false); });
  async function search(words) {
    // An id opens its rule; a word or a prefix lists the rules it finds, each a tap away.
    const got = await call("GET", "/api/rules?q=" + encodeURIComponent(words));
    const box = $("rule");
    box.replaceChildren();
    const found = got.data.rules || [];
    if (found.length === 1 || found.some((rule) => rule.id === words)) return lookUp(found.length === 1 ? found[0].id : words);
    if (!found.length) {
      box.append(el("p", "No rule matches " + words + "." + (got.data.suggestion ? " Did you mean:" : ""), "refused"));
      if (got.data.suggestion) box.append(el("p", got.data.suggestion));
      return;
    }
    const list = el("ul", null, "items");
    for (const rule of found) {
      const item = el("li");
      item.append(ruleButton(rule.id), el("span", " " + rule.title));
      list.append(item);
    }
    box.append(list);
  }

  $("rule-form").addEventListener("submit", (event) => { event.preventDefault(); search($("rule-id").value.trim()); });
  $("undo").addEventListener("click", async () => {
    const got = await call("DELETE", "/api/moves/last");
    $("host-said").textContent = got.status === 200 ? "Took back: " + got.data.undone : got.data.error;
  });
  const events = new EventSource("/api/events");
  for (const name of ["move", "undo", "proposal", "seat", "sheet", "reload"]) events.addEventListener(name, refresh);
  refresh();
})();
