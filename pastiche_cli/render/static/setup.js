// A new game set up on the phones: the caller's own state (/api/state: the table's fields, a seat's own),
// fetched again after every event; the choices offered by tapping (/api/setup/choices), fetched once. Every
// name and card is written as text (never as markup); the server judges every entry, the page shows where.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const role = document.querySelector("main").dataset.role;
  let state = null;
  let choices = {};
  const dirty = {}; // a form edited since the server's values were last shown in it
  const drawn = {}; // the fields each form was last built from
  const aimed = {}; // per list: the box a tap on a choice fills (the one last focused), if any

  // An element with its words as text (never markup) and its class.
  const el = (tag, text, cls) => Object.assign(document.createElement(tag), text == null ? {} : { textContent: String(text) }, cls ? { className: cls } : {});

  function say(text) {
    // What the page tells: kept until the next thing it tells (a new state does not replace it).
    $("status").textContent = text;
    $("status").dataset.told = "1";
  }

  function button(text, cls, onClick) {
    const made = el("button", text, cls);
    made.type = "button";
    made.addEventListener("click", onClick);
    return made;
  }

  async function call(method, url, body, tries = 3) {
    // A JSON request to this server: {status, data}. Past the server's rate (429) it waits a second and
    // asks again, a few times: an entry is never lost to a burst of taps and events.
    const sent = body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    const response = await fetch(url, { method, credentials: "same-origin", ...sent });
    if (response.status === 429 && tries > 1) {
      await new Promise((done) => setTimeout(done, 1000));
      return call(method, url, body, tries - 1);
    }
    const data = await response.json().catch(() => ({ error: response.statusText }));
    return { status: response.status, data };
  }

  function showSeats() {
    // An unseated phone picks its name; the host frees a seat beside its row in the progress list.
    const box = $("seats");
    box.replaceChildren();
    if (role === "host" || state.you) return;
    box.append(el("h2", "Who are you?"));
    for (const [name, taken] of Object.entries(state.seats)) {
      const sit = button(taken ? name + " (taken)" : name, "", async () => {
        const got = await call("POST", "/api/seats/" + encodeURIComponent(name), {});
        if (got.status !== 201) say(got.data.error || "that seat cannot be taken");
        refresh();
      });
      sit.disabled = taken;
      box.append(sit);
    }
  }

  function showProgress() {
    const box = $("progress");
    box.replaceChildren(el("h2", "Who has entered"));
    const list = el("ul", null, "progress");
    const row = (who, done, note) => {
      const item = el("li");
      item.append(el("span", who + ": "), el("span", done ? "entered ✓" : "not yet", done ? "entered" : "waiting"));
      if (note) item.append(el("span", " " + note, "what"));
      list.append(item);
    };
    row("The table (the host)", state.table_entered);
    for (const [name, done] of Object.entries(state.entered)) {
      row(name, done, (name === state.you ? "(you)" : "") + (state.seats[name] ? "" : " (not joined yet)"));
      if (role === "host" && state.seats[name]) {
        list.lastChild.append(button("Free " + name, "free", async () => { await call("DELETE", "/api/seats/" + encodeURIComponent(name)); }));
      }
    }
    box.append(list);
    if (state.says) box.append(el("p", state.says, "what"));
    box.append(el("p", "When everything is entered, the game begins on every phone.", "what"));
  }

  function slot(field, index, value, editable) {
    const box = el("div", null, "slot");
    const id = "f-" + field.key + "-" + index;
    const label = el("label", (field.any_length ? "Card " : "") + (index + 1));
    label.htmlFor = id;
    box.append(label);
    if (editable) {
      const input = el("input", null, "card");
      input.id = id;
      input.value = value;
      input.placeholder = (choices[field.kind] || {}).example || "";
      input.autocapitalize = "none";
      input.spellcheck = false;
      input.addEventListener("focus", () => { aimed[field.key] = index; });
      input.addEventListener("input", (event) => {
        dirty[event.target.form.id] = true;
        delete aimed[field.key]; // a box typed in is done with: a tap then fills the next empty one
      });
      box.append(input);
    } else {
      box.append(el("span", value || "not entered yet", value ? "" : "waiting"));
    }
    const problem = el("p", null, "problem");
    problem.id = "p-" + field.key + "-" + index;
    box.append(problem);
    return box;
  }

  function tap(field, set, value) {
    // The card tapped goes in the box of this list last tapped (and not typed in), else in its first empty one.
    const inputs = [...set.querySelectorAll("input.card")];
    let target = inputs[aimed[field.key]];
    if (!target) target = inputs.find((input) => !input.value) || inputs[inputs.length - 1];
    delete aimed[field.key];
    target.value = value;
    dirty[set.form.id] = true;
    const next = inputs.find((input) => !input.value);
    say(value + " put in " + field.title.toLowerCase() + (next ? "" : ": every card is in; send them"));
  }

  function choiceBox(field, set) {
    const offered = (choices[field.kind] || {}).cards || [];
    if (!offered.length) return null; // typed (a hex, a thesis): nothing to tap
    const box = el("div", null, "choices");
    const filter = el("input", null, "filter");
    filter.type = "search";
    filter.placeholder = "Filter: part of a name";
    filter.setAttribute("aria-label", "Filter the cards of " + field.title.toLowerCase());
    filter.autocapitalize = "none";
    const list = el("div", null, "choice-list");
    const draw = () => {
      const wanted = filter.value.trim().toLowerCase();
      list.replaceChildren();
      for (const card of offered) {
        if (wanted && !card.label.toLowerCase().includes(wanted) && !card.value.toLowerCase().includes(wanted)) continue;
        list.append(button(card.label, "choice", () => tap(field, set, card.value)));
      }
      if (!list.children.length) list.append(el("span", "no card has that in its name", "what"));
    };
    filter.addEventListener("input", draw);
    draw();
    box.append(el("p", "Tap a card to put it in the next empty box (or the box you tapped last):", "what"), filter, list);
    return box;
  }

  function fieldset(field, editable) {
    const set = el("fieldset");
    set.dataset.key = field.key;
    set.append(el("legend", field.title), el("p", field.each, "what"));
    const values = field.values.slice();
    if (field.any_length && editable) values.push("");
    const slots = el("div");
    const offered = editable ? choiceBox(field, set) : null;
    if (offered) set.append(offered);
    values.forEach((value, i) => slots.append(slot(field, i, value, editable)));
    set.append(slots);
    if (editable && field.any_length) {
      set.append(button("One more", "", () => slots.append(slot(field, slots.children.length, "", true))));
    }
    return set;
  }

  function buildForm(formId, fields, editable, owner) {
    const form = $(formId);
    const signature = JSON.stringify([fields, editable]);
    if (dirty[formId] || drawn[formId] === signature) return;
    drawn[formId] = signature;
    form.replaceChildren();
    for (const field of fields) form.append(fieldset(field, editable));
    const said = el("p", null, "problem");
    said.id = formId + "-said";
    said.setAttribute("aria-live", "polite");
    form.append(said);
    if (!editable) return;
    const send = el("button", owner === null ? "Enter the table's cards" : "Enter my cards", "primary");
    send.type = "submit";
    form.append(send);
    form.onsubmit = (event) => { event.preventDefault(); enter(form, owner, {}); };
  }

  function readyBox(formId, owner, words, done) {
    const form = $(formId);
    const signature = JSON.stringify(["ready", words, done]);
    if (drawn[formId] === signature) return;
    drawn[formId] = signature;
    form.replaceChildren(el("p", words));
    const said = el("p", null, "problem");
    said.id = formId + "-said";
    if (done) form.append(el("p", "Ready ✓", "entered"));
    else form.append(button(owner === null ? "The table is ready" : "I am ready", "primary", () => enter(form, owner, { ready: true })));
    form.append(said);
  }

  async function enter(form, owner, extra) {
    const fields = {};
    for (const set of form.querySelectorAll("fieldset[data-key]")) {
      const values = [...set.querySelectorAll("input.card")].map((input) => input.value.trim());
      const field = state.fields.find((f) => f.key === set.dataset.key);
      fields[set.dataset.key] = field && field.any_length ? values.filter((v) => v) : values;
    }
    for (const p of form.querySelectorAll(".problem")) p.textContent = "";
    for (const input of form.querySelectorAll("input.wrong")) input.classList.remove("wrong");
    const url = owner === null ? "/api/setup/table" : "/api/setup/seat/" + encodeURIComponent(owner);
    const got = await call("PUT", url, Object.keys(fields).length ? { fields, ...extra } : extra);
    if (got.status === 200) {
      dirty[form.id] = false;
      say(got.data.complete ? "Everything is entered: the game begins." : "Entered. Waiting for the others.");
      refresh();
      return;
    }
    mark(form, got.data.problems || [{ field: null, message: got.data.error || "not entered" }]);
    say("Not entered: see what is marked.");
  }

  function mark(form, problems) {
    // Each problem beside the box it is in, else under the form.
    const general = $(form.id + "-said");
    for (const problem of problems) {
      const spot = problem.field !== null ? $("p-" + problem.field + "-" + problem.index) : null;
      if (spot) {
        spot.textContent = problem.message;
        const input = $("f-" + problem.field + "-" + problem.index);
        if (input) input.classList.add("wrong");
      } else if (general) {
        general.textContent = (general.textContent ? general.textContent + " " : "") + problem.message;
      }
    }
  }

  function show() {
    showSeats();
    showProgress();
    const board = state.fields.filter((f) => f.owner === "table");
    const mine = state.fields.filter((f) => f.owner === "you");
    const host = role === "host";
    $("board").hidden = !board.length && !(host && state.nothing);
    if (host && !board.length && state.nothing) readyBox("board-form", null, state.nothing, state.table_entered);
    else buildForm("board-form", board, host, null);
    if (host && state.saved_theses && !state.table_entered && !$("saved")) {
      const use = button("Use the saved thesis table (" + state.saved_theses + ")", "", () => enter($("board-form"), null, { saved: true }));
      use.id = "saved";
      $("board").append(use);
    }
    $("mine").hidden = !state.you;
    if (state.you && !mine.length) readyBox("mine-form", state.you, state.nothing, state.entered[state.you]);
    else if (state.you) buildForm("mine-form", mine, true, state.you);
    // the rules refuse cards entered here, now that another's entry made the setup whole: only this phone sees why
    const held = state.problems || [];
    if (held.length && !dirty[host ? "board-form" : "mine-form"]) {
      mark($(host ? "board-form" : "mine-form"), held);
      say("The rules refuse a card entered here: see what is marked, change it and enter again.");
    }
    if (state.you) $("mine-title").textContent = "Your cards, " + state.you;
    if (!$("status").dataset.told) {
      $("status").textContent = host ? "Enter what the table shows; each player enters their own cards on their phone."
        : state.you ? "Enter the cards dealt to you." : "Tap your name to join.";
    }
  }

  let fetching = false;
  let again = false;

  async function refresh() {
    // One fetch of the state at a time; events that come meanwhile cost one more fetch after it.
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const got = await call("GET", "/api/state");
      if (got.status !== 200) say(got.data.error || "the setup cannot be read");
      else if (got.data.mode !== "setup") { location.reload(); return; } // the game is on: its own page
      else { state = got.data; show(); }
    } finally {
      fetching = false;
    }
    if (again) { again = false; refresh(); }
  }

  async function start() {
    const got = await call("GET", "/api/setup/choices");
    if (got.status === 200) choices = got.data;
    const events = new EventSource("/api/events");
    for (const name of ["setup", "seat"]) events.addEventListener(name, refresh);
    events.addEventListener("reload", () => location.reload());
    refresh();
  }

  start();
})();
