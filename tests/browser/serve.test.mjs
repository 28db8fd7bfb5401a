// The browser test of `nav serve`: a real headless Chromium, driven by playwright-core, uses
// the page as a person would and checks what it shows against the `nav` command line.
//
// Run by scripts/test-browser.sh, which installs Chromium and playwright-core and sets
// NAV_BIN (the `nav` binary), NAV_BROWSER_DEPS (where playwright-core is installed), CHROMIUM
// (the browser) and NAV_SCREENSHOT (where the screenshot goes).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const NAV_BIN = process.env.NAV_BIN;
const require = createRequire(path.join(process.env.NAV_BROWSER_DEPS, "package.json"));
const { chromium } = require("playwright-core");

let server, url, browser, page;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nav-serve-browser-"));

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(NAV_BIN, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`nav serve printed no address: ${out}`)), 20000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.on("exit", (code) => reject(new Error(`nav serve exited with ${code}: ${out}`)));
  });
}

before(async () => {
  ({ child: server, url } = await startServer());
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  page = await browser.newPage({ viewport: { width: 1240, height: 900 } });
  page.on("pageerror", (e) => {
    throw e;
  });
  // The page must not reach anything but its own server.
  page.on("request", (request) => {
    assert.ok(request.url().startsWith(url), `the page fetched ${request.url()}`);
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** `nav path --json` on the map the page shows. */
function cliPath(mapText, from, to, extra = []) {
  const file = path.join(tmp, "page.map");
  fs.writeFileSync(file, mapText);
  let out;
  try {
    out = execFileSync(NAV_BIN, ["path", "--map", file, "--from", from.join(","), "--to", to.join(","), "--json", ...extra]);
  } catch (e) {
    out = e.stdout; // exit status 1: a valid query without a path
  }
  return JSON.parse(String(out));
}

/** Clicks the centre of a cell on a pane's canvas. */
async function clickCell(pane, [x, y]) {
  const canvas = page.locator(`#${pane} canvas`);
  const box = await canvas.boundingBox();
  const scale = await page.evaluate((id) => window.navPage.grid.panes[id === "pane-a" ? 0 : 1].scale, pane);
  await page.mouse.click(box.x + (x + 0.5) * scale, box.y + (y + 0.5) * scale);
}

/** Waits until both panes answered the page's current start and goal; returns them. */
async function settled() {
  await page.waitForFunction(() => {
    const g = window.navPage.grid;
    return g.start && g.panes.every((p) => {
      const cells = p.result && p.result.cells;
      return cells && cells.length > 1 && String(cells[0]) === String(g.start) && String(cells[cells.length - 1]) === String(g.goal);
    });
  }, null, { timeout: 20000 });
  return page.evaluate(() => [window.navPage.grid.start, window.navPage.grid.goal]);
}

/** Compares what both panes show with `nav path --json` (pane B: 4 moves). */
async function panesMatchCli(a, b) {
  const mapText = await page.evaluate(() => window.navPage.mapText());
  for (const [pane, extra] of [["pane-a", []], ["pane-b", ["--moves", "4"]]]) {
    const cli = cliPath(mapText, a, b, extra);
    assert.equal(cli.status, "found");
    const shown = await page.locator(`#${pane} .stats .length`).textContent();
    assert.equal(shown, cli.length.toFixed(3), `${pane}: the length shown`);
    assert.equal(Number(await page.locator(`#${pane}`).getAttribute("data-length")), cli.length, `${pane}: exact length`);
    assert.equal(Number(await page.locator(`#${pane} .stats .expanded`).textContent()), cli.expanded, `${pane}: expanded`);
  }
}

async function newWorld(kind) {
  const before = await page.evaluate(() => window.navPage.mapText());
  await page.selectOption("#gen-kind", kind);
  await page.click("#gen-button");
  await page.waitForFunction((text) => window.navPage.mapText() !== text, before, { timeout: 20000 });
  return settled();
}

test("New world draws nav gen's map and searches it", async () => {
  const [a, b] = await newWorld("caves");
  const gen = execFileSync(NAV_BIN, ["gen", "--kind", "caves", "--size", "48x32", "--seed", "7", "-o", "-"]);
  assert.equal(await page.evaluate(() => window.navPage.mapText()), String(gen));
  await panesMatchCli(a, b);
});

test("a Moving AI map loaded from disk", async () => {
  const file = path.join(tmp, "maze.map");
  execFileSync(NAV_BIN, ["gen", "--kind", "maze", "--size", "31x21", "--seed", "5", "-o", file]);
  await page.setInputFiles("#map-file", file);
  await page.waitForFunction(() => window.navPage.grid.width === 31, null, { timeout: 20000 });
  const [a, b] = await settled();
  assert.equal(await page.evaluate(() => window.navPage.mapText()), fs.readFileSync(file, "utf8"));
  await panesMatchCli(a, b);
  await newWorld("rooms");
});

test("two clicks on the grid: the length shown is nav path's", async () => {
  // Two walkable cells far apart on the generated map.
  const [a, b] = await page.evaluate(() => {
    const g = window.navPage.grid;
    const open = [];
    g.cells.forEach((c, i) => c === "." && open.push([i % g.width, Math.floor(i / g.width)]));
    return [open[Math.floor(open.length * 0.1)], open[Math.floor(open.length * 0.9)]];
  });
  await clickCell("pane-a", a);
  await clickCell("pane-a", b);
  const [start, goal] = await settled();
  assert.deepEqual([start, goal], [a, b], "the first click's cell became the start");
  await panesMatchCli(a, b);
});

test("painting a wall across the path changes it", async () => {
  const before = await page.evaluate(() => window.navPage.grid.panes[0].result.cells);
  // A wall through the middle cell of the path, three cells each way, with the wall tool.
  const [mx, my] = before[Math.floor(before.length / 2)];
  await page.check('input[name="tool"][value="wall"]');
  const canvas = page.locator("#pane-a canvas");
  const box = await canvas.boundingBox();
  const scale = await page.evaluate(() => window.navPage.grid.panes[0].scale);
  const at = (x, y) => [box.x + (x + 0.5) * scale, box.y + (y + 0.5) * scale];
  const queries = Number(await page.evaluate(() => document.body.dataset.gridQueries));
  await page.mouse.move(...at(mx - 2, my - 2));
  await page.mouse.down();
  await page.mouse.move(...at(mx + 2, my + 2), { steps: 6 });
  await page.mouse.up();
  await page.check('input[name="tool"][value="goal"]');
  await page.waitForFunction((q) => Number(document.body.dataset.gridQueries) >= q + 2, queries, { timeout: 20000 });
  const after = await page.evaluate(() => window.navPage.grid.panes[0].result.cells);
  assert.notDeepEqual(after, before);
  assert.ok(!after.some(([x, y]) => x === mx && y === my), "the path avoids the painted cell");
});

test("a refused query shows its reason; the fallback search runs cell by cell", async () => {
  const search = page.locator('#pane-a [data-rule="search"]');
  await search.selectOption("jps");
  await page.waitForFunction(() => window.navPage.grid.panes[0].result?.search_used === "jump-points", null, { timeout: 20000 });
  // One mud cell makes the map weighted: jump points are refused, with the reason shown.
  const [x, y] = await page.evaluate(() => {
    const g = window.navPage.grid;
    const i = g.cells.findIndex((c, i) => c === "." && !g.costs.has(i));
    return [i % g.width, Math.floor(i / g.width)];
  });
  await page.check('input[name="tool"][value="3"]');
  await clickCell("pane-a", [x, y]);
  await page.check('input[name="tool"][value="goal"]');
  await page.waitForFunction(() => document.querySelector("#pane-a .stats .error"), null, { timeout: 20000 });
  const shown = await page.locator("#pane-a .stats .error").textContent();
  assert.match(shown, /jump point/, shown);
  await search.selectOption("jps-or-astar");
  await page.waitForFunction(() => window.navPage.grid.panes[0].result?.search_used === "cells", null, { timeout: 20000 });
  await search.selectOption("astar");
  await settled();
});

test("dragging a circle changes the exact path", async () => {
  await page.locator("#world-canvas").scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => ({
    length: window.navPage.world.answer.mesh.length,
    segments: JSON.stringify(window.navPage.world.answer.mesh.segments),
    shown: document.querySelector("#w-mesh .length").textContent,
  }));
  assert.equal(before.shown, before.length.toFixed(3));
  const box = await page.locator("#world-canvas").boundingBox();
  // The first circle, centre (30, 22) at 8 pixels per unit, dragged 9 units down across the
  // straight line from the start (5, 30) to the goal (95, 30).
  const queries = await page.evaluate(() => window.navPage.world.queries);
  await page.mouse.move(box.x + 30 * 8, box.y + 22 * 8);
  await page.mouse.down();
  await page.mouse.move(box.x + 30 * 8, box.y + 31 * 8, { steps: 12 });
  await page.mouse.up();
  await page.waitForFunction(
    (q) => window.navPage.world.queries > q && !window.navPage.world.inFlight && !window.navPage.world.dirty,
    queries,
    { timeout: 20000 },
  );
  const after = await page.evaluate(() => ({
    center: window.navPage.world.shapes[0].circle.center,
    length: window.navPage.world.answer.mesh.length,
    segments: JSON.stringify(window.navPage.world.answer.mesh.segments),
    lattice: window.navPage.world.answer.lattice.status,
  }));
  assert.ok(Math.abs(after.center[1] - 31) < 0.5, `the circle moved to ${after.center}`);
  assert.notEqual(after.segments, before.segments, "the exact path changed");
  assert.notEqual(after.length, before.length, "its length changed");
  assert.equal(after.lattice, "found", "the lattice path is drawn beside it");
});

test("a shape dragged off the world stays in it, and the page keeps answering", async () => {
  const box = await page.locator("#world-canvas").boundingBox();
  const queries = await page.evaluate(() => window.navPage.world.queries);
  // The third circle, centre (72, 20), dragged far beyond the right edge, then put back.
  await page.mouse.move(box.x + 72 * 8, box.y + 20 * 8);
  await page.mouse.down();
  await page.mouse.move(box.x + 72 * 8 + 600, box.y + 20 * 8, { steps: 8 });
  const outside = await page.evaluate(() => window.navPage.world.shapes[2].circle.center);
  assert.deepEqual(outside.map(Math.round), [100, 20], "the centre stops at the bounds");
  await page.mouse.move(box.x + 72 * 8, box.y + 20 * 8, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(
    (q) => window.navPage.world.queries > q && !window.navPage.world.inFlight && !window.navPage.world.dirty,
    queries,
    { timeout: 20000 },
  );
  assert.equal(await page.evaluate(() => window.navPage.world.error), null);
  assert.equal(await page.evaluate(() => window.navPage.world.answer.mesh.status), "found");
});

test("screenshot", async () => {
  const file = process.env.NAV_SCREENSHOT || path.join(tmp, "serve.png");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  const size = fs.statSync(file).size;
  assert.ok(size < 200 * 1024, `the screenshot is ${size} bytes, over 200 KB`);
  console.log(`screenshot: ${file} (${size} bytes)`);
});
