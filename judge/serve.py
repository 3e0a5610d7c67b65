"""``judge serve``: a read-only JSON API over HTTP for bots and apps, and the rules site at ``/``.

Built on Starlette (routing, requests, responses) and served by uvicorn: the optional extra
``judge[serve]``. The command-line tool never imports this module unless ``judge serve`` runs.

Endpoints (all GET but ``/resolve``; every error is JSON ``{"error": {"message", "code", ...}}``):

=====================================  ==========================================================
``/rules/{doc}/{id}``                  one rule with parents, children, cites, cited-by
``/search?q=&game=&doc=&limit=``       ranked search hits
``/refs/{id}?doc=&game=&depth=``       rules cited by and citing a rule
``/define/{term}?doc=&game=``          a term's defining rules (and glossary text)
``/complete?q=&doc=&game=&limit=``     rule ids and terms starting with ``q`` (autocomplete)
``/docs``                              the documents and versions the server knows
``/diff?from=&to=&game=``              the changes between two versions
``/history/{id}?game=``                one rule across every imported version
``POST /resolve``                      a scenario's TOML in the body → ``judge resolve --json``
``/openapi.json``, ``/api``            the OpenAPI description and a page listing the endpoints
``/``                                  the generated rules site (the pages ``judge site`` writes)
=====================================  ==========================================================

Nothing is ever written: the store is read-only from the network.
"""

from __future__ import annotations

import html
import mimetypes

from judge.errors import JudgeError, ScenarioError, UnknownRuleError

MAX_BODY = 256 * 1024          # bytes of a POST /resolve body
MAX_LIMIT = 100                # most hits /search and /complete return


def _error(status: int, message: str, code: str, **extra):
    from starlette.responses import JSONResponse

    return JSONResponse({"error": {"message": message, "code": code, **extra}}, status_code=status)


class _Books:
    """Rulebooks loaded once per server process, by (selector, game)."""

    def __init__(self):
        self._cache = {}

    def get(self, selector: str | None = None, game: str | None = None):
        key = (selector or None, game or None)
        if key not in self._cache:
            from judge.rulebook import store
            from judge.games import GAMES

            if selector in GAMES and not game:     # /rules/fab/7.5.5b: the game's newest document
                selector, game = None, selector
            try:
                doc = store.resolve(selector, game)
            except JudgeError as exc:
                raise UnknownRuleError(str(exc)) from None
            self._cache[key] = store.load(doc)
        return self._cache[key]


def _query(request, name: str, default=None):
    value = request.query_params.get(name, default)
    return value if value != "" else default


def _int(request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise _BadRequest(f"{name} must be a whole number from {low} to {high}, not {raw!r}")
    return int(raw)


class _BadRequest(Exception):
    pass


def _doc_entry(doc) -> dict:
    data = doc.to_dict()
    return {k: data[k] for k in ("name", "game", "version", "title", "origin") if k in data}


def create_app(site_books=None, scenarios=None):
    """The Starlette application. ``site_books``: selectors of the documents the site at ``/`` shows (default:
    every game's newest document); ``scenarios``: a scenario file or folder whose rulings join the site."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Route

    books = _Books()
    cache = _ResponseCache()   # rule lookups answer the same while the server runs
    routes = [Route(path, cache.wrap(endpoint)) for path, endpoint in _lookup_routes(books)]
    routes += [Route(path, endpoint, methods=methods)
               for path, endpoint, methods in _other_routes(books, _Site(site_books, scenarios))]
    middleware: list[Middleware] = []
    return Starlette(routes=routes, exception_handlers=_exception_handlers(), middleware=middleware)


def _lookup_routes(books) -> list:
    """(path, endpoint) of the rule lookups: a rule, search, refs, a term's definition, completions."""
    from starlette.responses import JSONResponse

    def book_for(request, doc: str | None = None):
        return books.get(doc if doc is not None else _query(request, "doc"), _query(request, "game"))

    async def rules_endpoint(request):
        from judge.rulebook.query import rule_view

        book = book_for(request, request.path_params["doc"])
        return JSONResponse(rule_view(book, request.path_params["rule_id"]))

    async def search_endpoint(request):
        from judge.rulebook.search import search

        q = _query(request, "q")
        if not q:
            raise _BadRequest("give the words to search for as ?q=")
        limit = _int(request, "limit", 10, 1, MAX_LIMIT)
        game = _query(request, "game")
        if game == "all":
            from judge.lookup import games_available

            targets = [books.get(None, g) for g in games_available()]
        else:
            targets = [book_for(request)]
        hits = [h for b in targets for h in search(b, q, limit=limit)]
        hits.sort(key=lambda h: -h.score)
        return JSONResponse({"query": q, "documents": [b.cite_prefix for b in targets],
                             "hits": [h.to_dict() for h in hits[:limit]]})

    async def refs_endpoint(request):
        from judge.rulebook import graph
        from judge.rulebook.query import get_rule

        book = book_for(request)
        depth = _int(request, "depth", 1, 1, 10)
        rule = get_rule(book, request.path_params["rule_id"])
        found = graph.refs(book, rule.id, depth)
        return JSONResponse({"id": rule.id, "citation": book.cite(rule.id), "depth": depth,
                             "cites": [{"id": n, "distance": d, "kind": k} for n, d, k in found["cites"]],
                             "cited_by": [{"id": n, "distance": d, "kind": k} for n, d, k in found["cited_by"]]})

    async def define_endpoint(request):
        from judge.rulebook.terms import define

        return JSONResponse(define(book_for(request), request.path_params["term"]))

    async def complete_endpoint(request):
        from judge.rulebook.terms import complete

        q = _query(request, "q", "")
        limit = _int(request, "limit", 10, 1, MAX_LIMIT)
        return JSONResponse({"query": q, "completions": complete(book_for(request), q, limit)})

    return [("/rules/{doc}/{rule_id:path}", rules_endpoint), ("/search", search_endpoint),
            ("/refs/{rule_id:path}", refs_endpoint), ("/define/{term}", define_endpoint),
            ("/complete", complete_endpoint)]


def _other_routes(books, site) -> list:
    """(path, endpoint, methods) of the rest: documents, diff, history, resolve, the API description and the
    site."""
    from starlette.responses import HTMLResponse, JSONResponse, Response

    async def docs_endpoint(request):
        from judge.rulebook import store

        return JSONResponse({"documents": [_doc_entry(d) for d in store.list_documents()]})

    async def diff_endpoint(request):
        from judge.rulebook.versions import load_pair
        from judge.rulebook.diff import diff

        old, new = _query(request, "from"), _query(request, "to")
        if not old or not new:
            raise _BadRequest("give both versions: ?from=OLD&to=NEW")
        book_old, book_new = load_pair(old, new, _query(request, "game"))
        return JSONResponse(diff(book_old, book_new).to_dict())

    async def history_endpoint(request):
        from judge.rulebook.versions import imported_versions
        from judge.rulebook import store
        from judge.rulebook.diff import history

        game = _query(request, "game", "fab")
        found = history([store.load(d) for d in imported_versions(game)], request.path_params["rule_id"])
        return JSONResponse(found.to_dict())

    async def resolve_endpoint(request):
        from judge import scenarios as sc

        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            return _error(413, f"a scenario body is at most {MAX_BODY} bytes", "too-large")
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return _error(413, f"a scenario body is at most {MAX_BODY} bytes", "too-large")
        try:
            scenario = sc.loads(body, "<request>")
            outcome = sc.play(scenario)
        except ScenarioError as exc:
            return _error(422, exc.message, "invalid-scenario", line=exc.line, key=exc.key,
                          reasons=[r.to_dict() for r in getattr(exc, "reasons", [])])
        return JSONResponse({"title": scenario.title, "question": scenario.question, **outcome.to_dict()})

    async def openapi_endpoint(request):
        return JSONResponse(openapi())

    async def api_page(request):
        rows = "".join(f"<tr><td><code>{html.escape(m.upper())} {html.escape(p)}</code></td>"
                       f"<td>{html.escape(op['summary'])}</td></tr>"
                       for p, ops in openapi()["paths"].items() for m, op in ops.items())
        return HTMLResponse("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
                            "<title>judge API</title><h1>judge API</h1><p>OpenAPI description: "
                            "<a href='/openapi.json'>/openapi.json</a></p><table>" + rows + "</table>")

    async def site_endpoint(request):
        path = request.path_params.get("path", "")
        page = site.page(path)
        if page is None:
            return _error(404, f"no page /{path}", "not-found")
        body, media = page
        return Response(body, media_type=media)

    return [("/docs", docs_endpoint, None), ("/diff", diff_endpoint, None),
            ("/history/{rule_id:path}", history_endpoint, None), ("/resolve", resolve_endpoint, ["POST"]),
            ("/openapi.json", openapi_endpoint, None), ("/api", api_page, None), ("/", site_endpoint, None),
            ("/{path:path}", site_endpoint, None)]


def _exception_handlers() -> dict:
    """Every error as the API's JSON error body: unknown paths and methods, judge's errors, bad requests, and
    anything else as an internal error (no traceback)."""
    async def not_found(request, exc):
        code = getattr(exc, "status_code", 404)
        message = "method not allowed: the API is read-only but for POST /resolve" if code == 405 else \
            f"no such endpoint: {request.url.path}"
        return _error(code, message, "method-not-allowed" if code == 405 else "not-found")

    async def judge_error(request, exc):
        if isinstance(exc, UnknownRuleError):
            return _error(404, str(exc), "unknown")
        return _error(400, str(exc), "bad-request")

    async def bad_request(request, exc):
        return _error(400, str(exc), "bad-request")

    async def server_error(request, exc):
        return _error(500, f"internal error ({type(exc).__name__})", "internal")

    return {404: not_found, 405: not_found, JudgeError: judge_error, _BadRequest: bad_request,
            Exception: server_error}


class _ResponseCache:
    """The JSON bodies of successful lookups, by URL (the books are loaded once, so a lookup's answer does
    not change while the server runs). Bounded: the oldest entries go first."""

    def __init__(self, size: int = 4096):
        self.size = size
        self._bodies: dict[str, bytes] = {}

    def wrap(self, endpoint):
        from starlette.responses import Response

        async def cached(request):
            key = str(request.url.path) + "?" + str(request.url.query)
            body = self._bodies.get(key)
            if body is None:
                response = await endpoint(request)
                if response.status_code != 200:
                    return response
                body = bytes(response.body)
                if len(self._bodies) >= self.size:
                    self._bodies.pop(next(iter(self._bodies)))
                self._bodies[key] = body
            return Response(body, media_type="application/json")

        return cached


class _Site:
    """The pages ``judge site`` writes, planned once and rendered on first request (kept in memory)."""

    def __init__(self, selectors=None, scenarios=None):
        self.selectors = selectors
        self.scenarios = scenarios
        self._pages = None
        self._rendered: dict[str, bytes] = {}

    def _plan(self):
        from judge.docs.site import SiteBuilder
        from judge.rulebook import store

        if self.selectors:
            books = [store.load(store.resolve(s)) for s in self.selectors]
        else:
            from judge.lookup import games_available

            books = [store.load(store.resolve(None, g)) for g in games_available()]
        rulings = []
        if self.scenarios:
            from judge.docs import rulings as rulings_mod

            rulings, _failures = rulings_mod.judge_scenarios([self.scenarios], book=None)
            for ruling in rulings:
                if all(b.name != ruling.book.name for b in books):
                    books.append(ruling.book)
        builder = SiteBuilder(books, rulings)
        self._pages = {p.path: p for p in builder.plan()}

    def page(self, path: str):
        """(bytes, media type) of the page at ``path`` ('' and folders give their index.html), or None."""
        if self._pages is None:
            self._plan()
        path = path.strip("/")
        if path == "" or path.endswith("/"):
            path += "index.html"
        if path not in self._pages and path + "/index.html" in self._pages:
            path += "/index.html"
        page = self._pages.get(path)
        if page is None:
            return None
        if path not in self._rendered:
            body = page.render()
            self._rendered[path] = body.encode("utf-8") if isinstance(body, str) else body
        media = mimetypes.guess_type(path)[0] or "application/octet-stream"
        if media.startswith("text/") or media in ("application/javascript", "application/json"):
            media += "; charset=utf-8"
        return self._rendered[path], media


def _param(name: str, where: str = "query", required: bool = False, kind: str = "string", about: str = "") -> dict:
    return {"name": name, "in": where, "required": required, "schema": {"type": kind}, "description": about}


def openapi() -> dict:
    """The OpenAPI 3.1 description of the API (written out: every route of :func:`create_app` is here)."""
    doc = _param("doc", about="document name or version (default: the game's newest)")
    from judge import games

    game = _param("game", about=", ".join(games.IDS))
    ok = {"200": {"description": "JSON"}, "404": {"description": "unknown rule, term or document, with the "
                                                                 "nearest ones"}}
    paths = {
        "/rules/{doc}/{id}": {"get": {"summary": "One rule with its parents, children, cites and cited-by",
                                      "parameters": [_param("doc", "path", True), _param("id", "path", True)],
                                      "responses": ok}},
        "/search": {"get": {"summary": "Search rules by words (typo-tolerant, definitions first)",
                            "parameters": [_param("q", required=True), game, doc,
                                           _param("limit", kind="integer")], "responses": ok}},
        "/refs/{id}": {"get": {"summary": "Rules a rule cites and rules that cite it",
                               "parameters": [_param("id", "path", True), doc, game,
                                              _param("depth", kind="integer")], "responses": ok}},
        "/define/{term}": {"get": {"summary": "The rules that define a term", "parameters":
                                   [_param("term", "path", True), doc, game], "responses": ok}},
        "/complete": {"get": {"summary": "Rule ids and terms starting with q (autocomplete)",
                              "parameters": [_param("q", required=True), doc, game,
                                             _param("limit", kind="integer")], "responses": ok}},
        "/docs": {"get": {"summary": "The documents and versions known", "responses": ok}},
        "/diff": {"get": {"summary": "Changes between two versions", "parameters":
                          [_param("from", required=True), _param("to", required=True), game], "responses": ok}},
        "/history/{id}": {"get": {"summary": "One rule across every imported version", "parameters":
                                  [_param("id", "path", True), game], "responses": ok}},
        "/resolve": {"post": {"summary": "Play a scenario (TOML body) and explain the outcome",
                              "requestBody": {"content": {"application/toml": {"schema": {"type": "string"}}}},
                              "responses": {"200": {"description": "the outcome, as judge resolve --json"},
                                            "413": {"description": "body too large"},
                                            "422": {"description": "invalid scenario: line, key and reasons"}}}},
        "/openapi.json": {"get": {"summary": "This description", "responses": ok}},
        "/api": {"get": {"summary": "A page listing the endpoints", "responses": ok}},
        "/": {"get": {"summary": "The rules site (the pages judge site writes)", "responses": ok}},
    }
    return {"openapi": "3.1.0", "info": {"title": "judge", "version": _version(),
                                         "description": "Read-only rules lookups and scenario rulings."},
            "paths": paths}


def _version() -> str:
    from judge import __version__

    return __version__


def run(host: str = "127.0.0.1", port: int = 8000, site_books=None, scenarios=None, log: bool = True) -> None:
    """Serve until interrupted."""
    import uvicorn

    uvicorn.run(create_app(site_books, scenarios), host=host, port=port, log_level="info" if log else "warning",
                access_log=log, limit_concurrency=256, timeout_keep_alive=5)
