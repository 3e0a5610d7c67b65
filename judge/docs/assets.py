"""The site's stylesheet and its search script: our own, small, nothing fetched from the internet.

The search script loads ``assets/search-index.js`` (the list of shards) and the shards it names (one per
document and one for the rulings, each a script calling ``JUDGE_SEARCH_SHARD`` so that it also loads from
``file://`` pages, where ``fetch`` of a local file is refused) the first time the search box is used, and
ranks: exact id, id prefix, term or title, the whole phrase, every word, then terms and titles spelt within
one or two letters of the query (typos). UK spellings are folded to US ones on both sides (defence → defense).
"""

STYLE = """\
:root { --fg: #1d1f21; --muted: #5f6368; --bg: #fff; --accent: #0b57d0; --line: #e3e3e3; --hit: #fff4c2; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg);
       background: var(--bg); }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
header.top { display: flex; gap: 1rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid var(--line);
             background: #f7f8fa; position: sticky; top: 0; z-index: 2; }
header.top .home { font-weight: 700; color: var(--fg); }
form.search { position: relative; flex: 1; max-width: 32rem; margin: 0; }
#search { width: 100%; padding: .35rem .6rem; font: inherit; border: 1px solid #c4c7c5; border-radius: 6px; }
#search-results { position: absolute; left: 0; right: 0; margin: .2rem 0 0; padding: 0; list-style: none;
                  background: #fff; border: 1px solid #c4c7c5; border-radius: 6px; max-height: 70vh; overflow: auto;
                  box-shadow: 0 4px 16px rgba(0,0,0,.12); }
#search-results li a { display: block; padding: .35rem .6rem; color: var(--fg); border-bottom: 1px solid var(--line); }
#search-results li a:hover, #search-results li a:focus, #search-results li.active a { background: #eef3fd; }
#search-results .sid { font-weight: 600; color: var(--accent); margin-right: .4rem; }
#search-results .sdoc { float: right; font-size: .8em; color: var(--muted); margin-left: .5rem; }
#search-results .snip { display: block; font-size: .88em; color: var(--muted); }
#search-results li.none { padding: .35rem .6rem; color: var(--muted); }
nav.crumbs { padding: .4rem 1rem; font-size: .9em; color: var(--muted); }
nav.crumbs .sep { margin: 0 .25rem; }
main { max-width: 56rem; padding: 0 1rem 2rem; margin: 0 auto; }
h1 { font-size: 1.6rem; margin: 1rem 0 .6rem; }
h2 { font-size: 1.3rem; margin: 1.6rem 0 .4rem; border-bottom: 1px solid var(--line); }
h3, h4 { font-size: 1.08rem; margin: 1.1rem 0 .3rem; }
.muted { color: var(--muted); }
.rule { scroll-margin-top: 4rem; }
.rule p { margin: .15rem 0; }
div.rule { display: grid; grid-template-columns: 6.2rem 1fr; gap: .6rem; padding: .3rem .4rem; border-radius: 4px; }
div.rule.d3 { margin-left: 1rem; } div.rule.d4, div.rule.d5 { margin-left: 2rem; }
div.rule .rid-col { text-align: right; }
a.rid { font-weight: 600; color: var(--fg); font-variant-numeric: tabular-nums; }
section.rule > h1 a.rid, section.rule > h2 a.rid, section.rule > h3 a.rid, section.rule > h4 a.rid { margin-right: .3rem; }
.rule:target { background: var(--hit); outline: 2px solid #f2c200; }
p.example { color: #35363a; background: #f6f7f9; border-left: 3px solid #c4c7c5; padding: .2rem .6rem; font-size: .94em; }
p.note { font-size: .94em; }
p.meta { font-size: .84em; color: var(--muted); margin-top: .25rem; }
p.meta .k { font-weight: 600; }
p.trail { display: none; font-size: .84em; color: var(--muted); }
.rule:target p.trail { display: block; }
a.ref { border-bottom: 1px dotted var(--accent); }
.ref.ext { color: var(--muted); border-bottom: 1px dashed #9aa0a6; cursor: help; }
.ref.ext::after { content: "ext"; font-size: .65em; vertical-align: super; margin-left: 1px; }
nav.pager { display: flex; justify-content: space-between; margin-top: 2rem; padding-top: .6rem;
            border-top: 1px solid var(--line); }
ul.toc > li { margin: .3rem 0; } ul.toc ul { font-size: .94em; }
dl.terms { display: grid; grid-template-columns: minmax(8rem, 14rem) 1fr; gap: .25rem 1rem; }
dl.terms dt { font-weight: 600; scroll-margin-top: 4rem; }
dl.terms dt:target, dl.terms dt:target + dd { background: var(--hit); }
dl.terms dd { margin: 0; font-size: .94em; }
p.letters a { display: inline-block; min-width: 1.4rem; text-align: center; }
blockquote { margin: .4rem 0 .6rem; padding: .3rem .8rem; border-left: 3px solid #9cc0f9; background: #f5f8fe; color: #303134; }
blockquote p { margin: .2rem 0; }
.ruling ol > li { margin: .35rem 0; }
code { font-size: .92em; background: #f1f3f4; padding: 0 .2rem; border-radius: 3px; }
table { border-collapse: collapse; } td, th { border: 1px solid var(--line); padding: .2rem .5rem; text-align: left; }
del { background: #fde7e9; color: #8a1c1c; } ins { background: #e6f4ea; color: #0d652d; text-decoration: none; }
ul.changes > li { margin: .5rem 0; }
header.top .version { font-size: .85em; color: var(--muted); white-space: nowrap; }
/* phones (390 px is the test width): header wraps, the id column stacks above the text, nothing scrolls sideways */
@media (max-width: 40rem) {
  body { font-size: 15px; overflow-wrap: anywhere; }
  header.top { flex-wrap: wrap; gap: .3rem .8rem; padding: .4rem .6rem; }
  form.search { flex-basis: 100%; max-width: none; order: 3; }
  main { padding: 0 .6rem 1.5rem; }
  div.rule { grid-template-columns: 1fr; gap: 0; padding: .3rem .2rem; }
  div.rule .rid-col { text-align: left; }
  div.rule.d3 { margin-left: .4rem; } div.rule.d4, div.rule.d5 { margin-left: .8rem; }
  dl.terms { grid-template-columns: 1fr; }
  dl.terms dd { margin-bottom: .4rem; }
  table { display: block; overflow-x: auto; max-width: 100%; }
  pre, code { white-space: pre-wrap; }
}
footer { max-width: 56rem; margin: 0 auto; padding: 1rem; font-size: .8em; color: var(--muted); border-top: 1px solid var(--line); }
"""

SEARCH = """\
// judge rules site: offline search over assets/search-index.js (rules, terms, rulings).
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";
  var box = document.getElementById("search");
  var list = document.getElementById("search-results");
  if (!box || !list) return;
  var index = null, loading = false, waiting = [];
  var UK = {defence: "defense", defences: "defenses", offence: "offense", colour: "color", colours: "colors",
            armour: "armor", honour: "honor", favour: "favor", behaviour: "behavior", centre: "center",
            judgement: "judgment", cancelled: "canceled", grey: "gray"};
  var KIND = {r: "rule", t: "term", g: "ruling"};

  function norm(text) {
    return String(text).toLowerCase().replace(/[a-z]+/g, function (w) { return UK[w] || w; });
  }

  // the index comes in shards (one per document, one for the rulings): assets/search-index.js names them,
  // each shard calls JUDGE_SEARCH_SHARD(docName, rows); the search runs once all are in
  function load(then) {
    if (index) { then(); return; }
    waiting.push(then);
    if (loading) return;
    loading = true;
    var parts = [], pending = 0;
    function fail() { loading = false; list.hidden = false; list.innerHTML = '<li class="none">search index not found</li>'; }
    function add(src, onload) {
      var s = document.createElement("script");
      s.src = root + "assets/" + src;
      s.onload = onload;
      s.onerror = fail;
      document.head.appendChild(s);
    }
    window.JUDGE_SEARCH_SHARD = function (doc, rows) {
      rows.forEach(function (it) {
        parts.push({kind: it[0], doc: doc, id: it[1], title: it[2] || "", text: it[3] || "", url: it[4],
                    nid: String(it[1]).toLowerCase(), ntitle: norm(it[2] || ""), ntext: norm(it[3] || "")});
      });
    };
    add("search-index.js", function () {
      var shards = window.JUDGE_SEARCH_SHARDS || [];
      pending = shards.length;
      function done() {
        if (--pending > 0) return;
        index = parts;
        var w = waiting; waiting = [];
        w.forEach(function (f) { f(); });
      }
      if (!pending) { pending = 1; done(); }
      shards.forEach(function (src) { add(src, done); });
    });
  }

  // edit distance of two short strings, stopping early past max (typos: "phantsam", "dominat")
  function near(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev = [], cur, i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      cur = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        cur.push(v);
        if (v < best) best = v;
      }
      if (best > max) return max + 1;
      prev = cur;
    }
    return prev[b.length];
  }

  function score(item, q, words) {
    if (item.nid === q) return 1000;
    if (item.nid.indexOf(q) === 0 && /^[0-9]/.test(q)) return 800 - item.nid.length;
    if (item.ntitle === q) return item.kind === "t" ? 700 : 650;
    if (item.kind === "t" && item.nid.indexOf(q) === 0) return 600;
    if (item.ntitle.indexOf(q) >= 0) return 500;
    if (item.ntext.indexOf(q) >= 0) return 400;
    var hay = item.nid + " " + item.ntitle + " " + item.ntext;
    var all = true;
    for (var i = 0; i < words.length; i++) if (hay.indexOf(words[i]) < 0) { all = false; break; }
    if (all) return 100;
    // a term or title spelt close to the query: definitions first
    if (q.length >= 4 && item.ntitle && (item.kind === "t" || item.kind === "r")) {
      var max = q.length >= 8 ? 2 : 1, d = near(q, item.ntitle, max);
      if (d <= max) return (item.kind === "t" ? 320 : 300) - 50 * d;
    }
    return 0;
  }

  function snippet(item, q) {
    var text = item.text.replace(/\\s+/g, " ");
    var at = norm(text).indexOf(q);
    if (at < 0 || text.length <= 140) return text.slice(0, 140) + (text.length > 140 ? "…" : "");
    var start = Math.max(0, at - 50);
    return (start > 0 ? "…" : "") + text.slice(start, start + 140) + "…";
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  function run() {
    var q = norm(box.value.trim()).replace(/\\s+/g, " ");
    list.innerHTML = "";
    if (!q) { list.hidden = true; return; }
    var words = q.split(" ");
    var hits = [];
    for (var i = 0; i < index.length; i++) {
      var s = score(index[i], q, words);
      if (s > 0) hits.push([s, i]);
    }
    hits.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    hits = hits.slice(0, 20);
    if (!hits.length) { list.appendChild(el("li", "none", "No rule or ruling matches.")); }
    hits.forEach(function (h) {
      var item = index[h[1]];
      var li = el("li"), a = el("a");
      a.href = root + item.url;
      a.appendChild(el("span", "sdoc", item.doc + " · " + KIND[item.kind]));
      a.appendChild(el("span", "sid", item.kind === "g" ? item.title : item.id));
      if (item.kind === "r" && item.title) a.appendChild(el("span", "stitle", item.title));
      a.appendChild(el("span", "snip", item.kind === "t" ? item.text : snippet(item, q)));
      li.appendChild(a);
      list.appendChild(li);
    });
    list.hidden = false;
  }

  var timer = null;
  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { load(run); }, 60);
  });
  box.addEventListener("focus", function () { load(function () {}); });
  box.addEventListener("keydown", function (e) {
    if (e.key === "Enter") {
      load(function () {
        run();
        var first = list.querySelector("a");
        if (first) window.location.href = first.href;
      });
      e.preventDefault();
    } else if (e.key === "Escape") {
      list.hidden = true;
    } else if (e.key === "ArrowDown") {
      var first = list.querySelector("a");
      if (first) { first.focus(); e.preventDefault(); }
    }
  });
  list.addEventListener("keydown", function (e) {
    var a = document.activeElement;
    if (!a || a.tagName !== "A") return;
    var li = a.parentNode;
    if (e.key === "ArrowDown" && li.nextSibling) { li.nextSibling.querySelector("a").focus(); e.preventDefault(); }
    if (e.key === "ArrowUp") { (li.previousSibling ? li.previousSibling.querySelector("a") : box).focus(); e.preventDefault(); }
    if (e.key === "Escape") { list.hidden = true; box.focus(); }
  });
  document.addEventListener("click", function (e) {
    if (!list.contains(e.target) && e.target !== box) list.hidden = true;
  });
})();
"""
