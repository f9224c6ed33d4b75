// The step-through page's script: it only draws. Every step's figure was computed by pasyans (the rules engine
// and the book's figure) and stored as drawing tokens, each distinct token once, each step as the edits from the
// step before (generator/svg/steps.py); this rebuilds the steps, makes each token into the element the page's
// template makes of it, and steps with the buttons, the keys, the slider, the move list and #step=K.
"use strict";
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("steps").textContent);
  const steps = [data.first];
  for (const edits of data.diffs) {
    const next = steps[steps.length - 1].slice();
    for (let e = edits.length - 1; e >= 0; e--) {
      const [at, removed, inserted] = edits[e];
      next.splice(at, removed, ...inserted);
    }
    steps.push(next);
  }
  const last = steps.length - 1;

  const layers = {
    s: document.getElementById("slots"),
    f: document.getElementById("cards"), c: document.getElementById("cards"), k: document.getElementById("cards"),
    l: document.getElementById("labels"),
  };
  const style = data.style;

  function node(tag, attrs) {
    const element = document.createElementNS(NS, tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    return element;
  }

  function box(f) {
    return { x: f[1], y: f[2], width: f[3], height: f[4], rx: f[5] };
  }

  // A token → its element, as the template writes it (made once per distinct token, then cloned).
  function make(token) {
    const f = token.split("|");
    switch (f[0]) {
      case "s":
        return node("rect", box(f));
      case "f":
        return node("rect", Object.assign(box(f), {
          fill: "none", stroke: style.mark_colour, "stroke-width": style.mark_stroke,
          "stroke-dasharray": style.dash,
        }));
      case "k":
        return node("rect", Object.assign(box(f), {
          fill: "none", stroke: style.mark_colour, "stroke-width": style.mark_stroke,
        }));
      case "c":
        return node("use", {
          href: f[1] === "back" ? "#back" : "#c-" + f[1], x: f[2], y: f[3], width: style.card_w,
          height: style.card_h, "data-place": data.places[Number(f[4])],
        });
      case "l": {
        const group = node("g", { "data-label": f[1] });
        const letters = f[3] ? f[3].split(" ") : [];
        for (let i = 0; i < letters.length; i += 2) {
          group.appendChild(node("use", { href: "#" + letters[i], x: letters[i + 1], y: f[2] }));
        }
        return group;
      }
    }
    return null;
  }
  const made = new Map();

  const title = document.getElementById("figure-title");
  const desc = document.getElementById("figure-desc");
  const say = document.getElementById("say");
  const phase = document.getElementById("phase");
  const slider = document.getElementById("slider");
  const counter = document.getElementById("counter");
  const list = document.getElementById("moves");
  const links = new Map();
  const stepOf = (link) => Number(/^#step=(\d+)$/.exec(link.getAttribute("href"))[1]);
  for (const link of list.querySelectorAll("a[href^='#step=']")) links.set(stepOf(link), link);
  const buttons = {
    first: document.getElementById("go-first"), back: document.getElementById("go-back"),
    next: document.getElementById("go-next"), last: document.getElementById("go-last"),
  };

  function phaseOf(link) {
    const entry = link.closest(".phase-entry");
    return entry ? entry.querySelector("h2").textContent : phase.textContent;
  }

  let current = -1;
  let addressing = 0;

  // A card's element is kept from step to step and only moved (its x and y changed) where the card moves: a
  // <use> of a card face is costly to build, and a step changes a few places. Any other token is its own key.
  function keyOf(index) {
    const token = data.table[index];
    return token[0] === "c" ? token.slice(0, token.indexOf("|", 2)) : token;
  }

  function adopt(element, index) {
    element.token = index;
    element.key = keyOf(index);
    return element;
  }

  function create(index) {
    if (!made.has(index)) made.set(index, make(data.table[index]));
    return adopt(made.get(index).cloneNode(true), index);
  }

  // The card token's element moved to where the token says (its place too).
  function moveTo(element, index) {
    const f = data.table[index].split("|");
    if (element.getAttribute("x") !== f[2]) element.setAttribute("x", f[2]);
    if (element.getAttribute("y") !== f[3]) element.setAttribute("y", f[3]);
    element.setAttribute("data-place", data.places[Number(f[4])]);
    element.token = index;
  }

  // Positions (in ``order``) of a longest increasing run: the elements that can stay where they are.
  function steady(order) {
    const tails = [], links = new Array(order.length);
    for (let i = 0; i < order.length; i++) {
      let low = 0, high = tails.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (order[tails[mid]] < order[i]) low = mid + 1;
        else high = mid;
      }
      links[i] = low > 0 ? tails[low - 1] : -1;
      tails[low] = i;
    }
    const keep = new Set();
    for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = links[i]) keep.add(i);
    return keep;
  }

  function place(layer, wanted) {
    const old = [...layer.children];
    const free = new Map();
    old.forEach((element, position) => {
      element.position = position;
      if (!free.has(element.key)) free.set(element.key, []);
      free.get(element.key).push(element);
    });
    const take = (index, fits) => {
      const list = free.get(keyOf(index));
      const at = list ? list.findIndex(fits) : -1;
      return at < 0 ? null : list.splice(at, 1)[0];
    };
    const chosen = wanted.map((index) => take(index, (element) => element.token === index));
    wanted.forEach((index, i) => {
      if (chosen[i]) return;
      const where = data.table[index].split("|")[4];
      chosen[i] = take(index, (element) => data.table[element.token].split("|")[4] === where) || take(index, () => true);
      if (chosen[i]) moveTo(chosen[i], index);
    });
    for (const list of free.values()) for (const element of list) element.remove();
    const reused = [], slots = [];
    chosen.forEach((element, i) => {
      if (element && element.parentNode === layer) {
        reused.push(element.position);
        slots.push(i);
      }
    });
    const stay = new Set([...steady(reused)].map((i) => chosen[slots[i]]));
    let next = null;
    for (let i = wanted.length - 1; i >= 0; i--) {
      const element = chosen[i] || create(wanted[i]);
      if (!stay.has(element)) layer.insertBefore(element, next);
      next = element;
    }
  }

  function draw(k) {
    const wanted = { s: [], c: [], l: [] };
    const told = [];
    for (const index of steps[k]) {
      const token = data.table[index];
      const kind = token[0];
      if (kind === "d") {
        told.push([token.slice(2)]);
      } else if (kind === "e") {
        told[told.length - 1].push(token.slice(2));
      } else {
        wanted[kind === "s" ? "s" : kind === "l" ? "l" : "c"].push(index);
      }
    }
    place(layers.s, wanted.s);
    place(layers.c, wanted.c);
    place(layers.l, wanted.l);
    const text = told.map(([head, ...items]) => (items.length ? head + ": " + items.join(", ") : head)).join("; ");
    desc.textContent = text ? text[0].toUpperCase() + text.slice(1) + "." : "";
    title.textContent = data.title + ": " + (k === 0 ? "начало" : "после хода " + k + (k === last ? ", конец" : ""));
  }

  function go(k) {
    k = Math.max(0, Math.min(last, k));
    if (k === current) return;
    draw(k);
    const before = links.get(current);
    if (before) {
      before.classList.remove("now");
      before.removeAttribute("aria-current");
    }
    const link = links.get(k);
    link.classList.add("now");
    link.setAttribute("aria-current", "step");
    const top = link.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + link.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 3;
    }
    phase.textContent = phaseOf(link);
    const words = k === 0 ? "Начало: все карты в колоде." : link.textContent.replace(/^(\d+)\. /, "Ход $1: ") + ".";
    say.textContent = words + (k === last && k > 0 ? " " + data.end : "");
    slider.value = String(k);
    counter.textContent = "шаг " + k + " из " + last;
    buttons.first.disabled = buttons.back.disabled = k === 0;
    buttons.next.disabled = buttons.last.disabled = k === last;
    current = k;
    // The address follows once the reader pauses: each history call is a round trip to the browser, and it
    // refuses a flood of them.
    clearTimeout(addressing);
    addressing = setTimeout(() => {
      const hash = "#step=" + current;
      if (location.hash !== hash) history.replaceState(null, "", hash);
    }, 250);
  }

  function fromHash() {
    const match = /^#step=(\d+)$/.exec(location.hash);
    return match ? Number(match[1]) : null;
  }

  buttons.first.addEventListener("click", () => go(0));
  buttons.back.addEventListener("click", () => go(current - 1));
  buttons.next.addEventListener("click", () => go(current + 1));
  buttons.last.addEventListener("click", () => go(last));
  slider.addEventListener("input", () => go(Number(slider.value)));
  window.addEventListener("hashchange", () => {
    const k = fromHash();
    if (k !== null) go(k);
  });
  list.addEventListener("click", (event) => {
    const link = event.target.closest("a[href^='#step=']");
    if (!link) return;
    event.preventDefault();
    go(stepOf(link));
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    const to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });

  for (const layer of new Set(Object.values(layers))) {
    for (const element of layer.children) adopt(element, Number(element.dataset.t));
  }
  document.getElementById("controls").hidden = false;
  const asked = fromHash();
  go(asked === null ? data.start : asked);
  window.pasyansPage = { go: (k) => go(k), step: () => current, last };
})();
