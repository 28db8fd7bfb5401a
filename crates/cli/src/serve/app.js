// The page of `nav serve`: vanilla JavaScript and two kinds of canvas, talking to the JSON API
// of the same server (no other network). Tile grids: a map of Moving AI characters, painted,
// generated or loaded, searched by POST /api/path under one or two rule sets. Continuous
// worlds: a scene of circles, boxes and polygons, searched by POST /api/world on every change.
"use strict";

const $ = (id) => document.getElementById(id);

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
}

function fmt(x, digits = 3) {
  return Number(x).toFixed(digits);
}

function micros(us) {
  return us >= 1000 ? `${fmt(us / 1000, 2)} ms` : `${fmt(us, 0)} µs`;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// ---------------------------------------------------------------------------------------------
// Tile grid

const BLOCKED = new Set(["@", "O", "T", "W"]);
const grid = {
  width: 0,
  height: 0,
  cells: [], // one Moving AI character per cell, row by row
  costs: new Map(), // cell index -> cost multiplier
  start: null,
  goal: null,
  image: document.createElement("canvas"), // one pixel per cell
  panes: [],
};

function mapText() {
  const rows = [];
  for (let y = 0; y < grid.height; y++) {
    rows.push(grid.cells.slice(y * grid.width, (y + 1) * grid.width).join(""));
  }
  return `type octile\nheight ${grid.height}\nwidth ${grid.width}\nmap\n${rows.join("\n")}\n`;
}

function parseMapText(text) {
  const lines = text.split(/\r?\n/);
  let width = 0, height = 0, i = 0;
  for (; i < lines.length; i++) {
    const [key, value] = lines[i].trim().split(/\s+/);
    if (key === "width") width = Number(value);
    if (key === "height") height = Number(value);
    if (key === "map") { i++; break; }
  }
  if (!(width > 0 && height > 0)) throw new Error("not a Moving AI map: no width and height before 'map'");
  const cells = [];
  for (let y = 0; y < height; y++) {
    const row = lines[i + y] || "";
    for (let x = 0; x < width; x++) cells.push(row[x] || "@");
  }
  return { width, height, cells };
}

function cellColor(index) {
  const c = grid.cells[index];
  if (c === "T") return [46, 94, 60];
  if (c === "W") return [52, 84, 140];
  if (BLOCKED.has(c)) return [52, 58, 70];
  const cost = grid.costs.get(index);
  if (cost >= 8) return [125, 180, 235];
  if (cost > 1) return [196, 164, 120];
  if (c === "S") return [200, 214, 170];
  return [250, 250, 248];
}

function renderMapImage() {
  const { width, height } = grid;
  grid.image.width = width;
  grid.image.height = height;
  const g = grid.image.getContext("2d");
  const data = g.createImageData(width, height);
  for (let i = 0; i < width * height; i++) {
    const [r, gr, b] = cellColor(i);
    data.data.set([r, gr, b, 255], i * 4);
  }
  g.putImageData(data, 0, 0);
}

function setMap(width, height, cells) {
  grid.width = width;
  grid.height = height;
  grid.cells = cells;
  grid.costs = new Map();
  grid.start = null;
  grid.goal = null;
  renderMapImage();
  for (const pane of grid.panes) {
    pane.result = null;
    pane.error = null;
    pane.resize();
  }
  pickEndpoints();
  drawGrid();
  runGrid();
}

// Two far-apart walkable cells, so that a new world shows a path at once.
function pickEndpoints() {
  const walkable = (i) => !BLOCKED.has(grid.cells[i]);
  const n = grid.width * grid.height;
  let first = -1, last = -1;
  for (let i = 0; i < n && first < 0; i++) if (walkable(i)) first = i;
  for (let i = n - 1; i >= 0 && last < 0; i--) if (walkable(i)) last = i;
  if (first < 0 || first === last) return;
  grid.start = [first % grid.width, Math.floor(first / grid.width)];
  grid.goal = [last % grid.width, Math.floor(last / grid.width)];
}

function makePane(root, name, defaults, options) {
  const pane = { root, name, result: null, error: null, scale: 1 };
  const select = (key, values, value, labels = {}) =>
    `<label>${key} <select data-rule="${key}">${values
      .map((v) => `<option value="${v}"${v === value ? " selected" : ""}>${labels[v] || v}</option>`)
      .join("")}</select></label>`;
  root.innerHTML = `
    <div class="rules"><span class="name">Rules ${name}</span>
      ${select("moves", options.moves, defaults.moves)}
      ${select("diagonal", options.diagonal, defaults.diagonal)}
      ${select("heuristic", ["default", ...options.heuristic], "default")}
      ${select("search", options.search, defaults.search, { astar: "cell by cell", jps: "jump points", "jps-plus": "jump points, preprocessed", "jps-or-astar": "jump points, else cell by cell" })}
      <label>agent size <input type="number" data-rule="size" value="1" min="1" max="${options.max_agent_size}"></label>
      <label><input type="checkbox" data-rule="allow_inadmissible"> inadmissible ok</label>
    </div>
    <canvas></canvas>
    <div class="stats" id="stats-${name.toLowerCase()}"></div>`;
  pane.canvas = root.querySelector("canvas");
  pane.stats = root.querySelector(".stats");
  pane.rules = () => {
    const get = (key) => root.querySelector(`[data-rule="${key}"]`);
    const rules = {
      moves: get("moves").value,
      diagonal: get("diagonal").value,
      search: get("search").value,
      allow_inadmissible: get("allow_inadmissible").checked,
    };
    if (get("heuristic").value !== "default") rules.heuristic = get("heuristic").value;
    return { rules, size: Number(get("size").value) };
  };
  pane.resize = () => {
    const avail = Math.max(200, (grid.panes.filter((p) => !p.root.classList.contains("hidden")).length > 1
      ? (document.querySelector(".panes").clientWidth - 14) / 2 : document.querySelector(".panes").clientWidth) - 4);
    pane.scale = Math.min(avail / grid.width, 440 / grid.height, 24);
    pane.canvas.width = Math.max(1, Math.round(grid.width * pane.scale));
    pane.canvas.height = Math.max(1, Math.round(grid.height * pane.scale));
  };
  root.querySelectorAll("[data-rule]").forEach((el) => el.addEventListener("change", () => runPane(pane)));
  attachGridMouse(pane);
  return pane;
}

function activePanes() {
  return grid.panes.filter((p) => !p.root.classList.contains("hidden"));
}

function drawPane(pane) {
  const g = pane.canvas.getContext("2d");
  const s = pane.scale;
  g.imageSmoothingEnabled = false;
  g.clearRect(0, 0, pane.canvas.width, pane.canvas.height);
  g.drawImage(grid.image, 0, 0, grid.width * s, grid.height * s);
  const result = pane.result;
  if (result) {
    g.fillStyle = "rgba(80, 140, 230, 0.28)";
    for (const [x, y] of result.expanded_cells) g.fillRect(x * s, y * s, s, s);
    if (result.cells.length > 1) {
      const size = pane.rules().size;
      const off = (size * s) / 2;
      g.strokeStyle = "#d6336c";
      g.lineWidth = Math.max(2, s / 3);
      g.lineJoin = "round";
      g.beginPath();
      result.cells.forEach(([x, y], i) => (i ? g.lineTo : g.moveTo).call(g, x * s + off, y * s + off));
      g.stroke();
    }
  }
  const marker = (cell, color) => {
    if (!cell) return;
    const size = pane.rules().size;
    g.fillStyle = color;
    g.strokeStyle = "#fff";
    g.lineWidth = 1.5;
    g.beginPath();
    g.arc((cell[0] + size / 2) * s, (cell[1] + size / 2) * s, Math.max(3.5, (s * size) / 2.4), 0, 2 * Math.PI);
    g.fill();
    g.stroke();
  };
  marker(grid.start, "#2f9e44");
  marker(grid.goal, "#e8590c");
  showPaneStats(pane);
}

function showPaneStats(pane) {
  const r = pane.result;
  const length = pane.root.dataset;
  if (pane.error) {
    pane.stats.innerHTML = `<span class="error">error: ${escapeHtml(pane.error)}</span>`;
    delete length.length;
    return;
  }
  if (!r) {
    pane.stats.textContent = grid.start ? "" : "Click a cell to set the goal.";
    delete length.length;
    return;
  }
  length.length = r.length;
  length.status = r.status;
  const steps = Math.max(0, r.cells.length - 1);
  const size = pane.rules().size;
  const why = {
    no_path: "the goal cannot be reached",
    start_blocked: size > 1 ? `the ${size}x${size} agent does not fit at the start` : "the start is blocked",
    goal_blocked: size > 1 ? `the ${size}x${size} agent does not fit at the goal` : "the goal is blocked",
    limit_reached: "a search limit stopped the search",
  }[r.status];
  // On a weighted map the length is the path's cost.
  const word = grid.costs.size ? "cost" : "length";
  const what = r.cells.length ? `${word} <b class="length">${fmt(r.length)}</b> (${steps} steps)` : escapeHtml(why || "");
  pane.stats.innerHTML =
    `<b>${r.status}</b>: ${what}, ` +
    `<b class="expanded">${r.expanded}</b> expanded, ${micros(r.micros)} ` +
    `<span class="key" style="background:#d6336c"></span>path` +
    `<span class="key" style="background:rgba(80,140,230,.45)"></span>expanded` +
    `<br><small>${escapeHtml(r.rules)}; search: ${r.search_used || "none"}${r.expanded_cells_truncated ? "; expanded cells truncated" : ""}</small>`;
}

function drawGrid() {
  for (const pane of activePanes()) drawPane(pane);
}

async function runPane(pane) {
  if (!grid.start || !grid.goal) {
    pane.result = null;
    drawPane(pane);
    return;
  }
  const { rules, size } = pane.rules();
  const costs = [];
  for (const [i, m] of grid.costs) costs.push([i % grid.width, Math.floor(i / grid.width), m]);
  const request = { map: mapText(), costs, rules, size, start: grid.start, goal: grid.goal };
  const token = (pane.token = (pane.token || 0) + 1);
  try {
    const result = await post("/api/path", request);
    if (token !== pane.token) return;
    pane.result = result;
    pane.error = null;
  } catch (e) {
    if (token !== pane.token) return;
    pane.result = null;
    pane.error = e.message;
  }
  drawPane(pane);
  document.body.dataset.gridQueries = String(Number(document.body.dataset.gridQueries || 0) + 1);
}

function runGrid() {
  return Promise.all(activePanes().map(runPane));
}

function tool() {
  return document.querySelector('input[name="tool"]:checked').value;
}

function paint(x, y) {
  if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) return;
  const i = y * grid.width + x;
  const t = tool();
  if (t === "wall") {
    grid.cells[i] = "@";
    grid.costs.delete(i);
  } else if (t === "floor") {
    grid.cells[i] = ".";
    grid.costs.delete(i);
  } else {
    grid.cells[i] = ".";
    grid.costs.set(i, Number(t));
  }
  const [r, g, b] = cellColor(i);
  const ctx = grid.image.getContext("2d");
  ctx.fillStyle = `rgb(${r},${g},${b})`;
  ctx.fillRect(x, y, 1, 1);
}

function attachGridMouse(pane) {
  let painting = null;
  const cellAt = (event) => {
    const box = pane.canvas.getBoundingClientRect();
    return [
      Math.floor((event.clientX - box.left) / pane.scale),
      Math.floor((event.clientY - box.top) / pane.scale),
    ];
  };
  pane.canvas.addEventListener("pointerdown", (event) => {
    const [x, y] = cellAt(event);
    if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) return;
    if (tool() === "goal") {
      grid.start = grid.goal;
      grid.goal = [x, y];
      runGrid();
      drawGrid();
      return;
    }
    painting = [x, y];
    pane.canvas.setPointerCapture(event.pointerId);
    paint(x, y);
    drawGrid();
  });
  pane.canvas.addEventListener("pointermove", (event) => {
    if (!painting) return;
    const [x, y] = cellAt(event);
    // Every cell on the segment from the last one, so that a fast stroke leaves no gaps.
    const [x0, y0] = painting;
    const n = Math.max(Math.abs(x - x0), Math.abs(y - y0));
    for (let k = 1; k <= n; k++) paint(Math.round(x0 + ((x - x0) * k) / n), Math.round(y0 + ((y - y0) * k) / n));
    painting = [x, y];
    drawGrid();
  });
  const stop = () => {
    if (!painting) return;
    painting = null;
    runGrid();
  };
  pane.canvas.addEventListener("pointerup", stop);
  pane.canvas.addEventListener("pointercancel", stop);
}

async function newWorld() {
  const [width, height] = $("gen-size").value.split("x").map(Number);
  try {
    const answer = await post("/api/generate", {
      kind: $("gen-kind").value,
      width,
      height,
      seed: Number($("gen-seed").value),
    });
    const map = parseMapText(answer.map);
    setMap(map.width, map.height, map.cells);
    $("grid-hint").textContent = `${$("gen-kind").value}, ${width} x ${height}, seed ${$("gen-seed").value}: ` +
      `${answer.walkable} cells walkable. Click a cell to set the goal; click another: the old goal becomes the start.`;
  } catch (e) {
    $("grid-hint").textContent = `error: ${e.message}`;
  }
}

function loadMapFile(file) {
  const reader = new FileReader();
  reader.onload = () => {
    try {
      const map = parseMapText(String(reader.result));
      setMap(map.width, map.height, map.cells);
      $("grid-hint").textContent = `${file.name}: ${map.width} x ${map.height} cells.`;
    } catch (e) {
      $("grid-hint").textContent = `${file.name}: ${e.message}`;
    }
  };
  reader.readAsText(file);
}

// ---------------------------------------------------------------------------------------------
// Continuous world (world units: 0..100 x 0..60, drawn at 8 pixels per unit, y down)

const SCALE = 8;
const BOUNDS = { min: [0, 0], max: [100, 60] };
function initialShapes() {
  return [
    { circle: { center: [30, 22], radius: 7 } },
    { circle: { center: [52, 40], radius: 8 } },
    { circle: { center: [72, 20], radius: 6 } },
    { aabb: { min: [42, 2], max: [48, 18] } },
    { aabb: { min: [80, 34], max: [86, 58] } },
  ];
}
const world = {
  shapes: initialShapes(),
  start: [5, 30],
  goal: [95, 30],
  answer: null,
  error: null,
  inFlight: false,
  dirty: false,
  queries: 0,
};

function shapeContains(shape, [x, y]) {
  if (shape.circle) {
    const [cx, cy] = shape.circle.center;
    return Math.hypot(x - cx, y - cy) <= shape.circle.radius;
  }
  if (shape.aabb) {
    const { min, max } = shape.aabb;
    return x >= min[0] && x <= max[0] && y >= min[1] && y <= max[1];
  }
  // Even-odd rule.
  const p = shape.polygon.points;
  let inside = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    if ((p[i][1] > y) !== (p[j][1] > y) && x < ((p[j][0] - p[i][0]) * (y - p[i][1])) / (p[j][1] - p[i][1]) + p[i][0]) {
      inside = !inside;
    }
  }
  return inside;
}

function shapeCenter(shape) {
  if (shape.circle) return shape.circle.center;
  const points = shape.aabb ? [shape.aabb.min, shape.aabb.max] : shape.polygon.points;
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

// Moves a shape, keeping its centre inside the bounds (a shape wholly outside them is refused).
function moveShape(shape, dx, dy) {
  const [cx, cy] = shapeCenter(shape);
  dx = Math.min(Math.max(cx + dx, BOUNDS.min[0]), BOUNDS.max[0]) - cx;
  dy = Math.min(Math.max(cy + dy, BOUNDS.min[1]), BOUNDS.max[1]) - cy;
  const shift = ([x, y]) => [x + dx, y + dy];
  if (shape.circle) shape.circle.center = shift(shape.circle.center);
  else if (shape.aabb) {
    shape.aabb.min = shift(shape.aabb.min);
    shape.aabb.max = shift(shape.aabb.max);
  } else shape.polygon.points = shape.polygon.points.map(shift);
}

function shapePath(g, shape) {
  g.beginPath();
  if (shape.circle) {
    const [cx, cy] = shape.circle.center;
    g.arc(cx * SCALE, cy * SCALE, shape.circle.radius * SCALE, 0, 2 * Math.PI);
  } else if (shape.aabb) {
    const { min, max } = shape.aabb;
    g.rect(min[0] * SCALE, min[1] * SCALE, (max[0] - min[0]) * SCALE, (max[1] - min[1]) * SCALE);
  } else {
    shape.polygon.points.forEach(([x, y], i) => (i ? g.lineTo : g.moveTo).call(g, x * SCALE, y * SCALE));
    g.closePath();
  }
}

function radius() {
  return Number($("radius").value);
}

// Segments and arcs; arc angles run from +x towards +y, as the canvas's do with y down.
function drawPieces(g, segments) {
  g.beginPath();
  segments.forEach((piece, i) => {
    if (piece.line) {
      const [a, b] = [piece.line.from, piece.line.to];
      if (i === 0) g.moveTo(a[0] * SCALE, a[1] * SCALE);
      g.lineTo(b[0] * SCALE, b[1] * SCALE);
    } else {
      const arc = piece.arc;
      g.arc(arc.center[0] * SCALE, arc.center[1] * SCALE, arc.radius * SCALE, arc.start_angle, arc.end_angle, !arc.ccw);
    }
  });
  g.stroke();
}

function drawPolyline(g, points) {
  g.beginPath();
  points.forEach(([x, y], i) => (i ? g.lineTo : g.moveTo).call(g, x * SCALE, y * SCALE));
  g.stroke();
}

function drawWorld() {
  const canvas = $("world-canvas");
  const g = canvas.getContext("2d");
  const r = radius();
  g.clearRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#fbfbf8";
  g.fillRect(0, 0, canvas.width, canvas.height);
  // The space the agent's centre cannot enter: every obstacle grown by the radius.
  g.fillStyle = g.strokeStyle = "#f3d9a4";
  g.lineJoin = "round";
  for (const shape of world.shapes) {
    if (shape.circle) {
      const [cx, cy] = shape.circle.center;
      g.beginPath();
      g.arc(cx * SCALE, cy * SCALE, (shape.circle.radius + r) * SCALE, 0, 2 * Math.PI);
      g.fill();
    } else if (r > 0) {
      shapePath(g, shape);
      g.lineWidth = 2 * r * SCALE;
      g.stroke();
      g.fill();
    }
  }
  g.lineWidth = 2 * r * SCALE;
  g.strokeRect(0, 0, canvas.width, canvas.height);
  for (const shape of world.shapes) {
    shapePath(g, shape);
    g.fillStyle = shape.polygon ? "#5f3dc4" : shape.aabb ? "#495057" : "#343a40";
    g.fill();
  }
  const a = world.answer;
  if (a) {
    if ($("show-lattice").checked && a.lattice.points) {
      g.lineWidth = 1.5;
      g.setLineDash([3, 3]);
      g.strokeStyle = "#f08c00";
      drawPolyline(g, a.lattice.raw_points);
      g.setLineDash([]);
      g.lineWidth = 2.5;
      drawPolyline(g, a.lattice.points);
    }
    if ($("show-tangent").checked && a.tangent.segments) {
      g.lineWidth = 6;
      g.strokeStyle = "rgba(112, 72, 232, 0.35)";
      drawPieces(g, a.tangent.segments);
    }
    g.lineWidth = 3;
    g.strokeStyle = "#1971c2";
    drawPieces(g, a.mesh.segments);
  }
  for (const [p, color] of [[world.start, "#2f9e44"], [world.goal, "#e8590c"]]) {
    g.beginPath();
    g.arc(p[0] * SCALE, p[1] * SCALE, Math.max(r * SCALE, 4), 0, 2 * Math.PI);
    g.fillStyle = color + "55";
    g.fill();
    g.beginPath();
    g.arc(p[0] * SCALE, p[1] * SCALE, 3.5, 0, 2 * Math.PI);
    g.fillStyle = color;
    g.fill();
  }
  showWorldStats();
}

function navigatorLine(id, title, color, n, pieces) {
  if (!n) return "";
  if (n.skipped) return `<div><span class="key" style="background:${color}"></span>${title}: <i>${escapeHtml(n.skipped)}</i></div>`;
  return `<div id="${id}" data-length="${n.length}" data-status="${n.status}">` +
    `<span class="key" style="background:${color}"></span>${title}: <b>${n.status}</b>, ` +
    `length <b class="length">${fmt(n.length)}</b>${pieces(n)}, ${n.expanded} expanded, ${micros(n.micros)}</div>`;
}

function showWorldStats() {
  const stats = $("world-stats");
  if (world.error) {
    stats.innerHTML = `<span class="error">error: ${escapeHtml(world.error)}</span>`;
    return;
  }
  const a = world.answer;
  if (!a) return;
  const arcs = (n) => {
    const k = n.segments.filter((s) => s.arc).length;
    return ` (${n.segments.length - k} segments, ${k} arcs)`;
  };
  stats.innerHTML =
    navigatorLine("w-mesh", "exact, nav-mesh", "#1971c2", a.mesh, arcs) +
    navigatorLine("w-tangent", "exact, nav-tangent", "rgba(112,72,232,.5)", a.tangent, arcs) +
    navigatorLine("w-lattice", `lattice, nav-agent (step ${$("step").value})`, "#f08c00", a.lattice,
      (n) => ` (${n.points.length} points; the lattice path before smoothing: ${fmt(n.raw_length)})`);
}

// One request at a time; changes made meanwhile are sent as soon as it returns.
async function runWorld() {
  if (world.inFlight) {
    world.dirty = true;
    return;
  }
  world.inFlight = true;
  world.dirty = false;
  const request = {
    scene: { bounds: BOUNDS, obstacles: world.shapes },
    radius: radius(),
    step: Number($("step").value),
    start: world.start,
    goal: world.goal,
  };
  try {
    world.answer = await post("/api/world", request);
    world.error = null;
  } catch (e) {
    world.answer = null;
    world.error = e.message;
  }
  world.inFlight = false;
  world.queries += 1;
  document.body.dataset.worldQueries = String(world.queries);
  drawWorld();
  if (world.dirty) runWorld();
}

function attachWorldMouse() {
  const canvas = $("world-canvas");
  let drag = null;
  const at = (event) => {
    const box = canvas.getBoundingClientRect();
    return [(event.clientX - box.left) / SCALE, (event.clientY - box.top) / SCALE];
  };
  canvas.addEventListener("pointerdown", (event) => {
    const p = at(event);
    const near = (q) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= Math.max(radius(), 1);
    let target = null;
    if (near(world.goal)) target = { endpoint: "goal" };
    else if (near(world.start)) target = { endpoint: "start" };
    else {
      for (let i = world.shapes.length - 1; i >= 0; i--) {
        if (shapeContains(world.shapes[i], p)) {
          target = { shape: world.shapes[i] };
          break;
        }
      }
    }
    drag = { target, last: p, moved: false };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drag || !drag.target) return;
    const p = at(event);
    const [dx, dy] = [p[0] - drag.last[0], p[1] - drag.last[1]];
    drag.last = p;
    drag.moved = true;
    if (drag.target.shape) moveShape(drag.target.shape, dx, dy);
    else world[drag.target.endpoint] = p;
    drawWorld();
    runWorld();
  });
  canvas.addEventListener("pointerup", (event) => {
    if (drag && !drag.target) {
      world.start = world.goal;
      world.goal = at(event);
      runWorld();
    }
    drag = null;
  });
  canvas.addEventListener("dblclick", (event) => {
    const p = at(event);
    const i = world.shapes.findIndex((s) => shapeContains(s, p));
    if (i >= 0) {
      world.shapes.splice(i, 1);
      runWorld();
    }
  });
}

function addShape(shape) {
  world.shapes.push(shape);
  runWorld();
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = await (await fetch("/api/options")).json();
  $("gen-kind").innerHTML = options.kinds.map((k) => `<option${k === "rooms" ? " selected" : ""}>${k}</option>`).join("");
  grid.panes = [
    makePane($("pane-a"), "A", { moves: "8", diagonal: "no-corner-cutting", search: "astar" }, options),
    makePane($("pane-b"), "B", { moves: "4", diagonal: "no-corner-cutting", search: "astar" }, options),
  ];
  $("gen-button").addEventListener("click", newWorld);
  $("map-file").addEventListener("change", (e) => e.target.files[0] && loadMapFile(e.target.files[0]));
  $("compare").addEventListener("change", () => {
    $("pane-b").classList.toggle("hidden", !$("compare").checked);
    for (const pane of grid.panes) pane.resize();
    drawGrid();
    runGrid();
  });
  window.addEventListener("resize", () => {
    for (const pane of grid.panes) pane.resize();
    drawGrid();
  });
  attachWorldMouse();
  $("radius").addEventListener("input", () => {
    $("radius-out").textContent = $("radius").value;
    drawWorld();
    runWorld();
  });
  for (const id of ["step"]) $(id).addEventListener("change", runWorld);
  for (const id of ["show-lattice", "show-tangent"]) $(id).addEventListener("change", drawWorld);
  $("add-circle").addEventListener("click", () => addShape({ circle: { center: [50, 10], radius: 4 } }));
  $("add-box").addEventListener("click", () => addShape({ aabb: { min: [14, 40], max: [22, 48] } }));
  $("add-polygon").addEventListener("click", () =>
    addShape({ polygon: { points: [[60, 44], [70, 50], [66, 58], [56, 56]] } }));
  $("reset-world").addEventListener("click", () => {
    world.shapes = initialShapes();
    world.start = [5, 30];
    world.goal = [95, 30];
    runWorld();
  });
  await newWorld();
  await runWorld();
  document.body.dataset.ready = "true";
}

// For tests and the curious: the page's state.
window.navPage = { grid, world, mapText, runGrid, runWorld };
main();
