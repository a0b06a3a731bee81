"""The page's style and script, served as files (`/static/…`): the pages carry no inline
script or style, so the Content-Security-Policy allows none.

The style reads on a phone (390 px wide: one column, long names wrapped anywhere) and on a
desktop (the sides side by side), in the reader's light or dark mode (`prefers-color-scheme`),
with text contrast of 4.5:1 or more in both. The script follows the game: it opens the page's
server-sent events and swaps the board in at each change, and counts a running chess clock
down each second; without it the page still shows the game as it was when loaded.
"""

from __future__ import annotations

import hashlib

CSS = """
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1b1f;--muted:#4a4a55;--card:#f3f4f7;
--line:#c9ccd6;--accent:#0b5cad;--gone:#6b6b75}
@media (prefers-color-scheme:dark){:root{--bg:#15161a;--fg:#ececf1;--muted:#b4b6c2;
--card:#22242b;--line:#3b3e49;--accent:#8cc4ff;--gone:#a2a3ad}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,
"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
main,footer,.bar{max-width:72rem;margin:0 auto;padding:0 .75rem}
h1{font-size:1.5rem;margin:.5rem 0 .25rem}
h2{font-size:1.15rem;margin:1.25rem 0 .5rem}
h3{font-size:1rem;margin:0 0 .25rem}
a{color:var(--accent)}
.facts,.sub,.undone,time{color:var(--muted)}
.sub{font-weight:normal;font-size:.9rem}
ul,ol{padding-left:1.25rem}
.bag ul,.clock ul,.units,.sides{list-style:none;padding:0}
.bag li,.clock li{margin:.25rem 0}
.clock .left{font-variant-numeric:tabular-nums;font-weight:600}
.clock .running{color:var(--accent)}
.chip{font-weight:600}
.swatch{display:inline-block;width:.9em;height:.9em;margin-right:.35em;vertical-align:-.1em;
border:1px solid var(--fg);border-radius:2px}
.c-red{background:#d83c3e}.c-blue{background:#3b88c3}.c-green{background:#78b159}
.c-yellow{background:#fdcb58}.c-purple{background:#aa8ed6}.c-orange{background:#f4900c}
.c-white{background:#e6e7e8}.c-black{background:#31373d}.c-none{background:transparent}
.sides{display:grid;gap:0 1.5rem;grid-template-columns:1fr}
@media (min-width:48rem){.sides{grid-template-columns:repeat(auto-fit,minmax(20rem,1fr))}}
.unit{background:var(--card);border:1px solid var(--line);border-radius:.5rem;
padding:.5rem .75rem;margin:.5rem 0}
.unit.gone{color:var(--gone)}
.unit dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .75rem;margin:0}
.unit dt{color:var(--muted)}.unit dd{margin:0}
.unit.gone dt{color:var(--gone)}
.waiting{font-weight:600}
.vp{border-collapse:collapse;margin:.25rem 0}
.vp caption{text-align:left;font-weight:600}
.vp th,.vp td{border:1px solid var(--line);padding:.2rem .6rem;text-align:left}
.log ol{padding-left:0;list-style:none}
.log li{padding:.3rem 0;border-bottom:1px solid var(--line)}
.seq{font-variant-numeric:tabular-nums;color:var(--muted)}
code{font-family:ui-monospace,Menlo,Consolas,monospace;background:var(--card);
padding:0 .2em;border-radius:.2em}
.spoiler{background:var(--fg);color:var(--fg)}
.bar{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--line);z-index:1}
#live{margin:.4rem 0;font-size:.9rem;color:var(--muted)}
#live.lost{color:var(--fg);font-weight:600}
footer{border-top:1px solid var(--line);margin-top:1.5rem;padding-bottom:2rem;color:var(--muted)}
footer ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem}
.replay nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
.replay nav a,.replay nav span{display:inline-block;padding:.4rem .8rem;
border:1px solid var(--line);border-radius:.4rem;text-decoration:none;min-width:2.75rem;
text-align:center}
.replay nav span{color:var(--muted)}
.step{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.5rem .75rem}
.refused{padding-top:2rem}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
"""

JS = """
(function () {
  "use strict";
  var main = document.getElementById("game");
  var live = document.getElementById("live");
  if (!main || !live || !window.EventSource) { return; }
  function localTimes(root) {
    var times = root.querySelectorAll("time[datetime]");
    for (var i = 0; i < times.length; i++) {
      var when = new Date(times[i].getAttribute("datetime"));
      if (!isNaN(when)) {
        times[i].textContent = when.toLocaleString(document.documentElement.lang);
      }
    }
  }
  localTimes(document);
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clocks() {  // a running side's time left, counted down to when it runs out
    var running = main.querySelectorAll("[data-runs-out]");
    for (var i = 0; i < running.length; i++) {
      var until = new Date(running[i].getAttribute("data-runs-out"));
      if (isNaN(until)) { continue; }
      var left = Math.max(0, Math.ceil((until - new Date()) / 1000));
      running[i].textContent = Math.floor(left / 3600) + ":" + pad(Math.floor(left / 60) % 60)
        + ":" + pad(left % 60);
    }
  }
  clocks();
  window.setInterval(clocks, 1000);
  var version = encodeURIComponent(main.getAttribute("data-version"));
  var url = main.getAttribute("data-events") + "?v=" + version;
  var source = new EventSource(url);
  source.addEventListener("board", function (event) {
    main.innerHTML = event.data;
    localTimes(main);
    clocks();
    if (event.lastEventId) { main.setAttribute("data-version", event.lastEventId); }
    var now = new Date().toLocaleTimeString(document.documentElement.lang);
    live.className = "";
    live.textContent = live.getAttribute("data-updated").replace("{time}", now);
  });
  source.addEventListener("title", function (event) { document.title = event.data; });
  source.addEventListener("closed", function () {
    source.close();
    live.className = "lost";
    live.textContent = live.getAttribute("data-closed");
  });
  source.onerror = function () {
    if (source.readyState !== EventSource.CLOSED) {
      live.className = "lost";
      live.textContent = live.getAttribute("data-lost");
    }
  };
  source.onopen = function () { live.className = ""; };
})();
"""

REPLAY_JS = """
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    var link = rel && document.querySelector("a[rel=" + rel + "]");
    if (link) { window.location.assign(link.href); }
  });
})();
"""


def etag(text: str) -> str:
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:16] + '"'


FILES = {
    "board.css": ("text/css", CSS),
    "board.js": ("text/javascript", JS),
    "replay.js": ("text/javascript", REPLAY_JS),
}
