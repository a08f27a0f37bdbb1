// Score entry: a phone taps its own line of the short sheet (chips for names, counts for colours, paintings of
// three cards, a thesis with its card, a number), sees it as text while it is built, and sends it; every problem
// the server finds is shown beside the field it is in. The host's screen sets the keys and shows the scores.
// Every name is written as text (never as markup); the server judges everything, the page shows it.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const main = document.querySelector("main");
  const { role } = main.dataset; // "host" or "table"
  const colourOf = JSON.parse(main.dataset.chips || "{}"); // card name -> its chip's class
  let state = null; // the caller's own /api/state, as last fetched
  let model = null; // the line being built: field key -> its value (by the field's shape)
  let modelOf = null; // the seat the model is of
  let sentLine = null; // the line the server holds for this seat, when the model was made
  let wrong = {}; // field key -> the problems the last Send found in it
  let pairing = {}; // a paired field's thesis and suit picked so far
  const filters = {}; // field key -> the words typed in its filter box

  function el(tag, text, cls) {
    // An element holding `text` as text, never as markup.
    return Object.assign(document.createElement(tag), text === undefined || text === null ? {} : { textContent: String(text) }, cls ? { className: cls } : {});
  }

  function button(text, cls, onClick) {
    const made = el("button", text, cls);
    made.type = "button";
    made.addEventListener("click", onClick);
    return made;
  }

  async function call(method, url, body) {
    // A JSON request of this page's own server; its answer's status and JSON (an error's words when it has none).
    const sending = body !== undefined;
    const response = await fetch(url, {
      method, credentials: "same-origin",
      headers: sending ? { "Content-Type": "application/json" } : {},
      body: sending ? JSON.stringify(body) : undefined,
    });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    return { status: response.status, data };
  }

  // --- the line: its model, its text, and back -------------------------------------------------------

  function empty(field) {
    if (field.shape === "counted") return [];
    if (field.shape === "number") return "";
    if (field.shape === "paintings") return [[]];
    return [];
  }

  function words(text) { return text.split(/[\s,]+/).filter((w) => w); }

  function parsed(line) {
    // A line as sent (`red blue | lantern | 2 teal`) back into the model, field by field.
    const out = {};
    for (const field of state.fields) out[field.key] = empty(field);
    const parts = line ? line.split("|").map((p) => p.trim()) : [];
    const paintings = state.fields.find((f) => f.shape === "paintings");
    if (paintings) {
      const number = state.fields.find((f) => f.shape === "number");
      out[paintings.key] = [];
      for (const part of parts) {
        if (number && /^\d+$/.test(part)) out[number.key] = part;
        else if (part) out[paintings.key].push(words(part));
      }
      if (!out[paintings.key].length) out[paintings.key] = [[]];
      return out;
    }
    if (state.fields.length === 1) parts.splice(0, parts.length, parts.join(" "));
    state.fields.forEach((field, i) => {
      const part = parts[i] || "";
      if (field.shape === "number") out[field.key] = part;
      else if (field.shape === "counted") out[field.key] = counted(part);
      else out[field.key] = words(part);
    });
    return out;
  }

  function counted(part) {
    // `2 blue teal`, `2blue`, `blue*2` -> [[blue, 2], [teal, 1]]
    const out = [];
    let pending = 0;
    for (const word of words(part)) {
      if (/^\d+$/.test(word)) { pending = Number(word); continue; }
      const glued = /^(\d+)\*?(\D.*)$/.exec(word) || /^(.*\D)\*(\d+)$/.exec(word);
      if (glued) out.push(/^\d/.test(word) ? [glued[2], Number(glued[1])] : [glued[1], Number(glued[2])]);
      else out.push([word, pending || 1]);
      pending = 0;
    }
    return out;
  }

  function built() {
    // The line's text and where each field is in it (its columns, for the problems the server finds).
    const parts = [];
    const spans = [];
    let at = 0;
    const add = (key, text) => {
      parts.push(text);
      spans.push({ key, from: at + 1, to: at + text.length + 1 });
      at += text.length + 3; // " | "
    };
    for (const field of state.fields) {
      const value = model[field.key];
      if (field.shape === "paintings") {
        const full = value.filter((p) => p.length);
        if (!full.length) add(field.key, "");
        for (const painting of full) add(field.key, painting.join(" "));
      } else if (field.shape === "counted") {
        add(field.key, value.map(([w, n]) => (n > 1 ? n + " " : "") + w).join(" "));
      } else if (field.shape === "number") {
        add(field.key, value);
      } else {
        add(field.key, value.join(" "));
      }
    }
    while (parts.length > 1 && !parts[parts.length - 1]) { parts.pop(); spans.pop(); }
    return { text: parts.join(" | "), spans };
  }

  function fieldAt(column, spans) {
    for (const span of spans) if (column >= span.from && column <= span.to) return span.key;
    return spans.length ? spans[spans.length - 1].key : "";
  }

  // --- the fields, each as chips ------------------------------------------------------------------------

  function chip(word, cls, onClick) {
    const made = button(word, cls + (colourOf[word] ? " chip " + colourOf[word] : ""), onClick);
    made.dataset.word = word;
    return made;
  }

  function takenChips(field) {
    // What the field holds, each tap-able to take one back.
    const box = el("div", null, "chosen");
    const value = model[field.key];
    const redo = () => { showEntry(); };
    if (field.shape === "counted") {
      value.forEach((pair, i) => box.append(chip((pair[1] > 1 ? pair[1] + " " : "") + pair[0], "taken", () => {
        pair[1] -= 1;
        if (pair[1] < 1) value.splice(i, 1);
        redo();
      })));
    } else if (field.shape === "paintings") {
      value.forEach((painting, p) => {
        const group = el("span", null, "painting");
        group.append(el("span", "#" + (p + 1), "what"));
        painting.forEach((word, i) => group.append(chip(word, "taken", () => { painting.splice(i, 1); redo(); })));
        box.append(group);
      });
    } else if (field.shape !== "number") {
      value.forEach((word, i) => box.append(chip(word, "taken", () => { value.splice(i, 1); redo(); })));
    }
    if (!box.childElementCount && field.shape !== "number") box.append(el("span", "nothing yet", "what"));
    return box;
  }

  function pick(field, name) {
    const value = model[field.key];
    const word = name.trim().replace(/\s+/g, "-"); // a name of two words (a suit: light blue) as the sheet writes it
    if (field.shape === "counted") {
      const held = value.find((pair) => pair[0] === word);
      if (held) held[1] += 1; else value.push([word, 1]);
    } else if (field.shape === "paintings") {
      let last = value[value.length - 1];
      if (!last || last.length >= 3) { last = []; value.push(last); }
      last.push(word);
    } else if (field.shape === "paired") {
      if (!pairing.thesis) pairing = { thesis: word };
      else pairing.suit = word;
    } else {
      value.push(word);
    }
    filters[field.key] = "";
    showEntry();
  }

  function choiceChips(field) {
    const box = el("div", null, "choices");
    const typed = (filters[field.key] || "").toLowerCase();
    let list = field.choices;
    if (field.shape === "paired" && pairing.thesis) list = field.after;
    const held = field.shape === "words" ? model[field.key] : [];
    const shown = list.filter((w) => w.toLowerCase().includes(typed) && !held.includes(w));
    for (const word of shown) box.append(chip(word, "pick", () => pick(field, word)));
    if (!shown.length) box.append(el("span", typed ? "no name has '" + typed + "': Enter adds it as typed" : "", "what"));
    return box;
  }

  function filterBox(field) {
    const input = el("input", null, "filter");
    input.type = "search";
    input.id = "filter-" + field.key;
    input.placeholder = pairing.thesis && field.shape === "paired" ? "filter the suits" : "filter: type part of a name";
    input.autocapitalize = "none";
    input.spellcheck = false;
    input.value = filters[field.key] || "";
    input.addEventListener("input", () => {
      filters[field.key] = input.value;
      const box = input.parentElement.querySelector(".choices");
      box.replaceWith(choiceChips(field));
    });
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      const typed = input.value.trim();
      if (!typed) return;
      const list = field.shape === "paired" && pairing.thesis ? field.after : field.choices;
      const matches = list.filter((w) => w.toLowerCase().includes(typed.toLowerCase()));
      pick(field, matches.length === 1 ? matches[0] : typed); // one name left: that one; else as typed
      const again = $("filter-" + field.key);
      if (again) again.focus();
    });
    return input;
  }

  function numberBox(field) {
    const row = el("div", null, "number");
    const value = el("output", model[field.key] === "" ? "—" : model[field.key]);
    value.id = "value-" + field.key;
    const step = (by) => {
      const now = model[field.key] === "" ? 0 : Number(model[field.key]);
      model[field.key] = String(Math.max(0, now + by));
      showEntry();
    };
    row.append(button("−", "pick", () => step(-1)), value, button("+", "pick", () => step(1)));
    return row;
  }

  function pairedValue(field) {
    // A thesis and a suit picked: the card's value, typed, then Add.
    const row = el("div", null, "number");
    row.append(el("span", pairing.thesis + ":" + pairing.suit, "what"));
    const input = el("input");
    input.id = "value-" + field.key;
    input.inputMode = "numeric";
    input.placeholder = "value";
    input.style.width = "5em";
    const add = () => {
      if (!input.value.trim()) return;
      model[field.key].push(pairing.thesis + ":" + pairing.suit + input.value.trim());
      pairing = {};
      showEntry();
    };
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); add(); } });
    row.append(input, button("Add", "pick", add), button("Cancel", "pick", () => { pairing = {}; showEntry(); }));
    setTimeout(() => input.focus(), 0);
    return row;
  }

  function fieldBox(field) {
    const box = el("section", null, "field" + (wrong[field.key] ? " wrong" : ""));
    box.dataset.key = field.key;
    box.append(el("h2", plain(field.text)));
    if (field.shape === "number") box.append(numberBox(field));
    for (const said of wrong[field.key] || []) box.append(el("p", said, "problem"));
    if (field.shape !== "number") {
      box.append(takenChips(field));
      if (field.shape === "paired" && pairing.suit) box.append(pairedValue(field));
      else box.append(filterBox(field), choiceChips(field));
      if (field.shape === "paintings") {
        box.append(button("New painting", "pick", () => { model[field.key].push([]); showEntry(); }));
      }
    }
    return box;
  }

  function plain(question) { return question.split(" (")[0]; } // the guided entry's hints are for typing

  function showEntry() {
    const entry = $("entry");
    if (!state.you) { entry.hidden = true; return; }
    entry.hidden = false;
    if (modelOf !== state.you || sentLine !== state.line) { // a seat taken, or its line changed on the sheet
      model = parsed(state.line || "");
      modelOf = state.you;
      sentLine = state.line;
    }
    const focused = document.activeElement && document.activeElement.id;
    $("fields").replaceChildren(...state.fields.map(fieldBox));
    $("line-text").textContent = state.you + ": " + built().text;
    if (focused && focused.startsWith("filter-") && $(focused)) $(focused).focus();
  }

  async function send() {
    const { text, spans } = built();
    const got = await call("PUT", "/api/sheet/" + encodeURIComponent(state.you), { line: text });
    wrong = {};
    if (got.status === 200) {
      $("said").textContent = "Sent: your line is on the sheet.";
      $("said").className = "sent";
    } else if (got.status === 400 && got.data.problems) {
      for (const p of got.data.problems) {
        const key = fieldAt(p.column, spans);
        (wrong[key] = wrong[key] || []).push(p.message);
      }
      $("said").textContent = "Not sent: see the problems beside the fields.";
      $("said").className = "refused";
    } else {
      $("said").textContent = got.data.error || "not sent (" + got.status + ")";
      $("said").className = "refused";
    }
    showEntry();
    refresh();
  }

  // --- seats, keys, who has entered, the scores ------------------------------------------------------------

  function showSeats() {
    // The host frees a seat; a phone without one taps its name; a seated phone is told whose line it holds.
    const box = $("seats");
    const seats = Object.entries(state.seats);
    if (state.you) { box.replaceChildren(el("p", "You are " + state.you + ": tap your line, then Send.", "what")); return; }
    const free = async (name) => { await call("DELETE", "/api/seats/" + encodeURIComponent(name)); };
    const sit = async (name) => {
      const got = await call("POST", "/api/seats/" + encodeURIComponent(name), {});
      if (got.status !== 201) $("status").textContent = got.data.error || "that seat cannot be taken";
      refresh();
    };
    const rows = seats.map(([name, taken]) => {
      if (role !== "host") return Object.assign(button(taken ? name + " (taken)" : name, "seat", () => sit(name)), { disabled: taken });
      const row = el("p", name + (taken ? ": taken " : ": free "));
      if (taken) row.append(button("Free " + name, "", () => free(name)));
      return row;
    });
    box.replaceChildren(el("h2", role === "host" ? "Seats" : "Who are you?"), ...rows);
  }

  function showKeys() {
    const box = $("keys");
    if (!box || !state.key_fields) return;
    if (box.contains(document.activeElement)) return; // the host is typing a key: not redrawn under the keys
    box.replaceChildren();
    if (!state.key_fields.length) return;
    box.append(el("h2", "The sheet's keys"));
    for (const key of state.key_fields) {
      const row = el("div", null, "key");
      const label = el("label", plain(key.text));
      const input = el("input");
      input.id = "key-" + key.key;
      input.value = state.keys[key.key] || "";
      label.htmlFor = input.id;
      const said = el("p", null, "problem");
      const set = async () => {
        const got = await call("PUT", "/api/sheet-keys", { keys: { [key.key]: input.value } });
        said.textContent = got.status === 200 ? "" : (got.data.problems || [{ message: got.data.error }]).map((p) => p.message).join("; ");
        if (got.status === 200) input.blur();
      };
      const choices = el("div", null, "choices");
      for (const word of key.choices) {
        choices.append(chip(word, "pick", () => {
          const now = words(input.value);
          input.value = key.file || key.key === "over" ? word : (now.includes(word) ? now.filter((w) => w !== word) : [...now, word]).join(" ");
          if (key.file || key.key === "over") set();
        }));
      }
      row.append(label, input, choices, button("Set " + key.key, "", set), said);
      box.append(row);
    }
  }

  function showEntered() {
    const box = $("entered");
    box.replaceChildren(el("h2", "Lines entered"));
    const list = el("ul", null, "entered");
    for (const name of state.players) list.append(el("li", name, state.entered[name] ? "in" : "out"));
    const count = state.players.filter((n) => state.entered[n]).length;
    box.append(list, el("p", count + " of " + state.players.length + " in" + (state.written ? "" : "; the file is written once the sheet scores"), "what"));
  }

  function showScores() {
    const box = $("scores");
    box.replaceChildren(el("h2", state.provisional ? "Scores so far" : "Final scores"));
    if (state.provisional) box.append(el("p", "provisional: " + (state.players.every((n) => state.entered[n]) ? "the game is not over" : "not every player has entered"), "provisional"));
    if (!state.table) { box.append(el("p", state.note || "No scores yet.", "what")); return; }
    const table = el("table", null, "final");
    const head = el("tr");
    for (const name of state.table.headers) head.append(el("th", name));
    table.append(head);
    for (const row of state.table.rows) {
      const line = el("tr");
      for (const cell of row) line.append(el("td", cell));
      table.append(line);
    }
    box.append(table);
    if (state.winner) box.append(el("p", (state.provisional ? "So far — " : "") + state.winner, "winner"));
  }

  function show() {
    $("status").textContent = (role === "host" ? "Host's screen: " : "") + state.file + ", " + state.players.filter((n) => state.entered[n]).length + " of " + state.players.length + " lines in";
    showSeats();
    showKeys();
    showEntry();
    showEntered();
    showScores();
  }

  let asking = false; // a fetch of the state is on its way
  let wanted = false; // an event came meanwhile: fetch once more after it

  async function refresh() {
    // One fetch at a time, as many times over as events came meanwhile (a burst costs two); a 429 waits a second.
    wanted = true;
    if (asking) return;
    asking = true;
    while (wanted) {
      wanted = false;
      const got = await call("GET", "/api/state");
      if (got.status === 429) { wanted = true; await new Promise((done) => setTimeout(done, 1000)); }
      else if (got.status === 200) { state = got.data; show(); }
      else $("status").textContent = got.data.error || "the sheet cannot be read";
    }
    asking = false;
  }

  $("send").addEventListener("click", send);
  $("clear").addEventListener("click", () => { model = parsed(""); wrong = {}; pairing = {}; showEntry(); });
  const events = new EventSource("/api/events");
  for (const name of ["seat", "sheet", "reload"]) events.addEventListener(name, refresh);
  refresh();
})();
