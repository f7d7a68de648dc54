// The hidden-information check: nothing another seat holds in secret may reach this seat's page,
// neither in the WebSocket frames it received nor in any version of its DOM.
//
// What is secret is decided independently of what the page got: after the game, the replay API gives
// every seat's view at every step. At step K, a token (a card) is hidden from seat `me` when another
// seat's view at K holds it in secret and `me`'s own view at K never mentions it.

/** Tokens hidden from `me` at each step: secretOf(view of another seat, its seat) minus tokensIn(my view). */
export function hiddenBySteps(views, me, secretOf, tokensIn) {
  return views.map((row) => {
    const mine = tokensIn(JSON.stringify(row[me]));
    const hidden = new Set();
    row.forEach((view, seat) => {
      if (seat === me) return;
      for (const t of secretOf(view, seat)) if (!mine.has(t)) hidden.add(t);
    });
    return hidden;
  });
}

/**
 * Every frame and DOM version that shows a token hidden at the step it shows. A frame without a step
 * (an error message) is held against the step of the last state before it.
 */
export function findLeaks({ frames, shots, hidden, tokensIn }) {
  const leaks = [];
  let step = 0;
  for (const raw of frames) {
    let message;
    try {
      message = JSON.parse(raw);
    } catch {
      message = {};
    }
    if (typeof message.step === "number") step = message.step;
    const secret = hidden[step] ?? new Set();
    for (const t of tokensIn(raw)) if (secret.has(t)) leaks.push(`frame at step ${step} shows ${t}: ${raw.slice(0, 300)}`);
  }
  for (const shot of shots) {
    const secret = hidden[shot.step] ?? new Set();
    for (const t of tokensIn(shot.text)) if (secret.has(t)) leaks.push(`page at step ${shot.step} shows ${t}`);
  }
  return leaks;
}

/**
 * Persuasion's cards are named by their number: "#07" on the page (and in log lines), `{"id": 7, ...}`
 * card objects in views, and `card` / `discard` / `keep` numbers in move parts. A JSON text is read as
 * JSON (so a seat number is never taken for a card); any other text by its "#07" marks.
 */
export function persuasionTokens(text) {
  const out = new Set(text.match(/#\d{2}\b/g) ?? []);
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return out;
  }
  const mark = (n) => out.add(`#${String(n).padStart(2, "0")}`);
  const walk = (node, key) => {
    if (typeof node === "string") for (const t of node.match(/#\d{2}\b/g) ?? []) out.add(t);
    else if (typeof node === "number" && ["card", "discard", "keep"].includes(key)) mark(node);
    else if (Array.isArray(node)) node.forEach((x) => walk(x, key));
    else if (node && typeof node === "object") {
      if (typeof node.id === "number" && (node.symbols || node.desires)) mark(node.id);
      for (const [k, v] of Object.entries(node)) walk(v, k);
    }
  };
  walk(parsed, "");
  return out;
}

/** Persuasion: everything in another seat's view is what it may know; what we may not, is secret. */
export function persuasionSecrets(view) {
  return persuasionTokens(JSON.stringify(view));
}

/** Intrigue's cards are named by title; a title is a token when a whole-word match finds it. */
export function titleTokens(titles) {
  const patterns = [...titles].map((t) => [t, new RegExp(`(^|[^A-Za-z])${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`)]);
  return (text) => new Set(patterns.filter(([, re]) => re.test(text)).map(([t]) => t));
}

/** An Intrigue card's title: the views carry cards as objects ({id, title, ...}). */
function intrigueTitle(card) {
  return typeof card === "string" ? card : card?.title;
}

/** Intrigue: another seat's hand and the cards it played face-down. */
export function intrigueSecrets(view, seat) {
  const out = new Set((view.hand ?? []).map(intrigueTitle));
  for (const c of view.characters ?? []) {
    for (const s of c.stack ?? []) if (!s.face_up && s.played_by === seat && s.card) out.add(intrigueTitle(s.card));
  }
  return out;
}

/** Every card title any view ever names (hands, stacks, discards, relationships, the last reveal). */
export function intrigueTitles(views) {
  const titles = new Set();
  const add = (card) => card && titles.add(intrigueTitle(card));
  for (const row of views) {
    for (const v of row) {
      for (const c of v.hand ?? []) add(c);
      for (const c of v.discard_pile ?? []) add(c);
      for (const ch of v.characters ?? []) for (const s of ch.stack ?? []) add(s.card);
      for (const r of v.relationships ?? []) add(r.card);
      for (const s of v.last_reveal?.stacks ?? []) for (const c of s.cards ?? []) add(c);
    }
  }
  return titles;
}

/**
 * Every state frame the page received carries exactly this seat's view at its step, as the replay API
 * rebuilds it (so the step numbering of the two agrees and no frame carried another seat's view).
 */
/**
 * A state frame's view is the replay's, but for its log (docs/protocol.md, "state"): every line, or (after
 * moves) the most recent 40 at least, ending the replay's log, with log_total counting them all.
 */
function sameView(view, expected) {
  if (!expected) return false;
  const { log = [], log_total: sentTotal, ...rest } = view;
  const { log: full = [], log_total: total = full.length, ...expectedRest } = expected;
  if (JSON.stringify(rest) !== JSON.stringify(expectedRest)) return false;
  if (log.length > full.length || log.length < Math.min(40, full.length)) return false;
  const tail = full.slice(full.length - log.length);
  return JSON.stringify(log) === JSON.stringify(tail) && (sentTotal ?? log.length) === total;
}

export function framesMatchReplay(frames, views, me) {
  const mismatches = [];
  for (const raw of frames) {
    const message = JSON.parse(raw);
    if (message.type !== "state") continue;
    const expected = views[message.step]?.[me];
    if (message.seat !== me) mismatches.push(`frame at step ${message.step} is for seat ${message.seat}`);
    else if (!sameView(message.view, expected)) {
      mismatches.push(`frame at step ${message.step} differs from the replay's view of seat ${me}`);
    }
  }
  return mismatches;
}

/**
 * Gameshire: every map, gift and card in the market is public; only the decks' order is secret (the
 * season deck below its top card, whose other side shows). A season card is hidden from every seat at
 * step K when no view at step K or before has named it: it is still somewhere in the deck, and a page
 * naming it would tell where. `names` are the card names a page may show anyway (not in this set: the
 * caller drops names that the game's rules page mentions as examples).
 */
export function gameshireHiddenBySteps(views, names, tokensIn) {
  const seen = new Set();
  return views.map((row) => {
    for (const view of row) for (const t of tokensIn(JSON.stringify(view))) seen.add(t);
    return new Set([...names].filter((n) => !seen.has(n)));
  });
}

/** Belle of the Ball: another seat's hand, the face-down gifts it gave and the face-down discards it knows. */
export function belleSecrets(view) {
  const out = new Set();
  for (const c of view.hand ?? []) out.add(c.name);
  for (const c of view.your_face_down_discards ?? []) out.add(c.name);
  for (const p of view.players ?? []) {
    for (const u of p.clique ?? []) for (const g of u.gifts ?? []) if (g.card) out.add(g.card.name);
  }
  return out;
}

/**
 * Belle: what is hidden from `me` at each step: the secrets of the other seats (belleSecrets) and the
 * deck, i.e. every card of `names` (all the data's cards) that no seat's view names at that step.
 */
export function belleHiddenBySteps(views, me, names, tokensIn) {
  const hidden = hiddenBySteps(views, me, belleSecrets, tokensIn);
  views.forEach((row, step) => {
    const named = new Set();
    for (const view of row) for (const t of tokensIn(JSON.stringify(view))) named.add(t);
    for (const name of names) if (!named.has(name)) hidden[step].add(name);
  });
  return hidden;
}
