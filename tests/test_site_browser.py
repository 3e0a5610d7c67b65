"""The rules site in a real browser: Debian's Chromium driven by Selenium, the site served on 127.0.0.1.

Follows a citation from a ruling to its rule, uses the search box (a FaB rule, words, a ruling, a Grand
Archive item by its label), fetches every link of every page from the server, loads every kind of page
checking the browser's console, and saves screenshots of a ruling page (its top and its explanation), a
rule page, the search results and a Grand Archive page to ``out/screenshots/`` in the repository (ignored
by git; ``JUDGE_SCREENSHOTS=DIR`` writes them elsewhere) so a person can look at them.

Skips cleanly when selenium, chromium or chromedriver is missing (.ci/install-browser installs them);
with ``JUDGE_REQUIRE_BROWSER=1`` (set by .ci/run once it has installed them) a missing browser fails.
"""

import os
import shutil
import threading
import urllib.request
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from conftest import CORPORA, ROOT
from sitecheck import html_files, parse_page

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SCENARIOS = ROOT / "scenarios" / "fab"
PREVENTED = SCENARIOS / "7.5.5b-prevented-damage-is-not-a-hit.toml"
SLUG = "7.5.5b-prevented-damage-is-not-a-hit"


SHOTS = Path(os.environ.get("JUDGE_SCREENSHOTS") or ROOT / "out" / "screenshots")


def _missing(reason):
    if os.environ.get("JUDGE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}, and JUDGE_REQUIRE_BROWSER=1 asks for the browser tests to run")
    pytest.skip(reason)


def _need_browser():
    try:
        import selenium  # noqa: F401
    except ImportError:
        _missing("selenium is not installed (pip install -e '.[test]')")
    for exe in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
            _missing(f"{exe} is not installed (run .ci/install-browser)")
    if not PREVENTED.exists():
        pytest.skip(f"{PREVENTED.name} is not in scenarios/fab")


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site of the three games (the full documents when ../shared/corpora has them, else the seeds)
    with the rulings of scenarios/fab, served from a local http.server on a random port."""
    _need_browser()
    from judge.__main__ import main

    home = tmp_path_factory.mktemp("browser-home")
    cache = tmp_path_factory.getbasetemp() / "judge-cache"   # the session's (caches are named by content)
    saved = {k: os.environ.get(k) for k in ("JUDGE_HOME", "JUDGE_CACHE_DIR")}
    os.environ["JUDGE_HOME"], os.environ["JUDGE_CACHE_DIR"] = str(home), str(cache)
    out = tmp_path_factory.mktemp("browser-site") / "site"
    try:
        for path, game, version in ((CORPORA / "fab" / "en-fab-cr-2.10.1.txt", "fab", "2.10.1"),
                                    (CORPORA / "grand-archive" / "gitbook-rules", "ga", "2026-08-21"),
                                    (CORPORA / "marvel-champions" / "rules-reference.html", "mc", "2019")):
            if path.exists():
                assert main(["rules", "import", str(path), "--game", game, "--version", version]) == 0
        code = main(["site", "-o", str(out), "--game", "fab", "--game", "ga", "--game", "mc",
                     "--scenarios", str(SCENARIOS)])
        assert code in (0, 1)     # 1: some scenario failed its [expect]; the others are published
        assert (out / "rulings" / f"{SLUG}.html").exists()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield out, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser(site, tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1100,1000",
                f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def _screenshot(driver, tmp_path, name):
    """Save a screenshot to the test's folder and to SHOTS (out/screenshots/), where a person looks."""
    path = tmp_path / name
    assert driver.save_screenshot(str(path))
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SHOTS / name)
    return path


def _severe(driver):
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def test_follow_a_citation_from_a_ruling_to_its_rule(site, browser, tmp_path):
    from selenium.webdriver.common.by import By

    out, base = site
    browser.get(base + f"rulings/{SLUG}.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "All damage of the attack prevented: no hit"
    assert _screenshot(browser, tmp_path, "ruling.png").stat().st_size > 10_000
    # the explanation: steps with their citations linked and the cited rules quoted
    browser.execute_script("[...document.querySelectorAll('main h2')].find(h => h.textContent === 'Explanation')"
                           ".scrollIntoView()")
    assert browser.find_elements(By.CSS_SELECTOR, "main ol li blockquote a[href*='#']")
    _screenshot(browser, tmp_path, "ruling-explanation.png")
    link = browser.find_element(By.CSS_SELECTOR, 'main a[href$="#7.5.5b"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    import json

    docs = json.loads((out / "site.json").read_text())["documents"]
    fab = next(d for d in docs if d["game"] == "fab")
    assert urlsplit(browser.current_url).path.endswith("/" + fab["folder"] + fab["rules"]["7.5.5b"])
    assert urlsplit(browser.current_url).fragment == "7.5.5b"
    target = browser.execute_script("return document.querySelector(':target')")
    assert target is not None and target.get_attribute("id") == "7.5.5b"
    assert target.is_displayed() and "If the hit-event is modified" in target.text
    # the rule's own breadcrumbs show on the target, and it lists the ruling that cites it
    trail = target.find_element(By.CSS_SELECTOR, "p.trail")
    assert trail.is_displayed() and trail.text.startswith("7 Combat › 7.5 Damage Step")
    back = target.find_element(By.CSS_SELECTOR, f'a.ruling[href$="{SLUG}.html"]')
    assert _screenshot(browser, tmp_path, "rule.png").stat().st_size > 10_000
    back.click()
    assert browser.current_url.endswith(f"rulings/{SLUG}.html")
    assert _severe(browser) == []


def test_search_box_finds_rules_terms_and_rulings(site, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    out, base = site
    browser.get(base + "index.html")
    box = browser.find_element(By.ID, "search")
    box.send_keys("7.5.5b")
    first = WebDriverWait(browser, 10).until(
        ec.visibility_of_element_located((By.CSS_SELECTOR, "#search-results li a")))
    assert first.find_element(By.CSS_SELECTOR, ".sid").text == "7.5.5b"
    # words, with a UK spelling folded to the US one
    box.clear()
    box.send_keys("prevented damage defence")
    WebDriverWait(browser, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li a")
        and "7.5.5b" not in d.find_element(By.CSS_SELECTOR, "#search-results").text.split("\n")[0])
    box.clear()
    box.send_keys("no hit")
    WebDriverWait(browser, 10).until(
        lambda d: "All damage of the attack prevented" in d.find_element(By.ID, "search-results").text)
    _screenshot(browser, tmp_path, "search.png")
    # Enter goes to the best hit: a rule page, scrolled to the rule
    box.clear()
    box.send_keys("7.0.5")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li a"))
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: urlsplit(d.current_url).fragment == "7.0.5")
    assert browser.execute_script("return document.querySelector(':target').id") == "7.0.5"
    assert _severe(browser) == []


def test_grand_archive_item_by_its_label(site, browser, tmp_path):
    """Search a Grand Archive item as citations print it, go to it: the slug id's anchor is the target."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    out, base = site
    doc = next(p.name for p in out.iterdir() if p.name.startswith("ga-"))
    browser.get(base + f"{doc}/index.html")
    box = browser.find_element(By.ID, "search")
    box.send_keys("Playing Cards 7.1")
    WebDriverWait(browser, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li a .sid")
        and d.find_element(By.CSS_SELECTOR, "#search-results li a .sid").text == "playing-cards/7.1")
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: urlsplit(d.current_url).fragment == "playing-cards_2F7.1")
    assert urlsplit(browser.current_url).path.endswith(f"/{doc}/playing-cards.html")
    target = browser.execute_script("return document.querySelector(':target')")
    assert target is not None and target.is_displayed()
    assert target.find_element(By.CSS_SELECTOR, "a.rid").text == "7.1"
    assert "Cards with reserve costs will go to the Graveyard" in target.text
    _screenshot(browser, tmp_path, "grand-archive.png")
    assert _severe(browser) == []


def test_every_link_resolves_over_http(site):
    """Every href and src of every page, fetched from the server: a file that is there, an anchor it holds,
    and nothing outside the site."""
    out, base = site
    pages = [p.relative_to(out).as_posix() for p in html_files(out)]
    assert len(pages) > 10
    checked = set()
    read = {rel: parse_page(out / rel) for rel in pages}     # each page read once
    ids = {rel: page.ids for rel, page in read.items()}
    judged = set()      # (folder or page, href) already checked: a link reads the same from every page of a folder
    for rel in pages:
        url = base + rel
        if url not in checked:
            with urllib.request.urlopen(url, timeout=10) as resp:
                assert resp.status == 200
            checked.add(url)
        folder = url.rpartition("/")[0]
        for attr, href, _ in read[rel].links:
            key = (url if href[:1] in ("#", "?", "") else folder, href)
            if href.startswith("data:") or key in judged:
                continue
            judged.add(key)
            full = urljoin(url, href)
            assert full.startswith(base), f"{rel}: {href} leaves the site"
            path_url = full.split("#")[0]
            if path_url not in checked:
                with urllib.request.urlopen(path_url, timeout=10) as resp:
                    assert resp.status == 200, full
                checked.add(path_url)
            frag = urlsplit(full).fragment
            if frag:
                target = urlsplit(path_url).path.lstrip("/")
                if target not in ids:
                    ids[target] = parse_page(out / target).ids
                assert frag in ids[target], f"{rel}: {href}"


def _every_kind_of_page(out: Path) -> list[str]:
    """The home page, the rulings index and three rulings, and for each document its contents, its term
    index, its first page and its largest page: every template and script the site has, on the biggest
    pages (all pages share them; the link check above covers every page)."""
    rel = lambda p: p.relative_to(out).as_posix()  # noqa: E731
    pages = ["index.html", "rulings/index.html"]
    rulings = sorted((out / "rulings").glob("*.html"))
    rulings = [p for p in rulings if p.name != "index.html"]
    pages += [rel(p) for p in (rulings[0], out / "rulings" / f"{SLUG}.html", rulings[-1])]
    for doc in sorted(p for p in out.iterdir() if (p / "terms.html").exists()):
        pages += [rel(doc / "index.html"), rel(doc / "terms.html")]
        rules = sorted(p for p in doc.glob("*.html") if p.name not in ("index.html", "terms.html"))
        pages += [rel(rules[0]), rel(max(rules, key=lambda p: p.stat().st_size))]
    return list(dict.fromkeys(pages))


def test_pages_load_without_console_errors(site, browser):
    out, base = site
    pages = _every_kind_of_page(out)
    assert len(pages) >= 11
    errors = []
    for rel in pages:
        browser.get(base + rel)
        errors += [(rel, e["message"]) for e in _severe(browser)]
        # the search script is there and works on every kind of page
        assert browser.execute_script("return !!document.getElementById('search')"), rel
    assert errors == []


@pytest.mark.parametrize("width", [390, 1100])
def test_phone_and_desktop_layout(site, browser, tmp_path, width):
    """At 390 px (a phone) nothing scrolls sideways on any kind of page, the id column stacks above the rule
    text, and the document's version stays visible in the sticky header; at desktop width the id column is
    beside the text. Screenshots of a rule, a ruling and a search at each width are saved to look at."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    out, base = site
    browser.set_window_size(width, 900)
    inner = browser.execute_script("return window.innerWidth")
    try:
        for rel in _every_kind_of_page(out):
            browser.get(base + rel)
            wide = browser.execute_script("return document.documentElement.scrollWidth")
            assert wide <= inner, f"{rel} scrolls sideways at {width} px ({wide} > {inner})"
        browser.get(base + "fab-2.10.1/7.html#7.5.5b" if (out / "fab-2.10.1").exists()
                    else base + "fab-2.10.1-seed/7.html#7.5.5b")
        rule = browser.find_element(By.ID, "7.5.5b")
        id_col = rule.find_element(By.CSS_SELECTOR, ".rid-col").rect
        text = rule.find_element(By.CSS_SELECTOR, ".rid-col + *").rect
        if width == 390:
            assert text["y"] >= id_col["y"] + id_col["height"] - 1, "the id column should stack above the text"
        else:
            assert text["x"] > id_col["x"] + id_col["width"] - 1 and abs(text["y"] - id_col["y"]) < 20
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight / 2)")
        version = browser.find_element(By.CSS_SELECTOR, "header.top .version")
        assert version.is_displayed() and version.text.startswith("FaB CR 2.10.1")
        assert browser.execute_script("return arguments[0].getBoundingClientRect().top", version) >= 0
        _screenshot(browser, tmp_path, f"rule-{width}.png")
        browser.get(base + f"rulings/{SLUG}.html")
        _screenshot(browser, tmp_path, f"ruling-{width}.png")
        box = browser.find_element(By.ID, "search")
        box.send_keys("no hit")
        WebDriverWait(browser, 10).until(
            lambda d: "All damage of the attack prevented" in d.find_element(By.ID, "search-results").text)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= inner
        _screenshot(browser, tmp_path, f"search-{width}.png")
    finally:
        browser.set_window_size(1100, 1000)



def test_an_old_link_into_a_split_chapter_reaches_the_rule(site, browser):
    """Chapter 7 with every ruling is too big for one page: its sections are pages of their own, and a link
    to the chapter page with a rule's anchor (7.html#7.5.5b, as earlier sites and bookmarks have it) lands
    on the section page holding that rule."""
    import json

    out, base = site
    docs = json.loads((out / "site.json").read_text())["documents"]
    fab = next(d for d in docs if d["game"] == "fab")
    assert fab["rules"]["7.5.5b"] != "7.html"
    browser.get(base + fab["folder"] + "7.html#7.5.5b")
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 10).until(lambda d: urlsplit(d.current_url).path.endswith("/" + fab["rules"]["7.5.5b"]))
    assert urlsplit(browser.current_url).fragment == "7.5.5b"
    assert browser.execute_script("return document.querySelector(':target').id") == "7.5.5b"


def test_search_forgives_a_typo_and_puts_the_definition_first(site, browser):
    """'dominat' and 'go agian' find the keyword's defining rule first (loaded from the index's shards)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    out, base = site
    if not (out / "fab-2.10.1").exists():
        pytest.skip("the full CR is not in this site (../shared/corpora absent)")
    for typo, rule in (("dominat", "8.3.4"), ("go agian", "8.3.5")):
        browser.get(base + "index.html")
        box = browser.find_element(By.ID, "search")
        box.send_keys(typo)
        first = WebDriverWait(browser, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li a"))[0]
        assert first.get_attribute("href").endswith("#" + rule), (typo, first.text)
