"""Search a rulebook by words: defined terms, titles, exact phrases, all words, then fuzzy matches.

Ranking tiers (higher first): the rules that *define* the query as a term; rules whose title is the
query; rules containing the exact phrase; rules containing every word; rules defining a term spelt
close to the query; fuzzy matches of the text (rapidfuzz). US and
UK spellings are folded together (defence/defense, colour/color, …) before matching. rapidfuzz is only
imported when the exact tiers leave the result list short, which keeps most searches fast.
"""

from __future__ import annotations

import re

from judge.rulebook.words import normalize

_WORD = re.compile(r"[a-z0-9]+(?:['’-][a-z0-9]+)*")


class Hit:
    """One search result: the rule, its score and tier, and a snippet around the match."""

    __slots__ = ("rule_id", "score", "why", "snippet", "title", "document", "game", "source", "citation")

    def __init__(self, rule_id, score, why, snippet, title, document="", game="", source="", citation=""):
        self.rule_id = rule_id
        self.score = score
        self.why = why
        self.snippet = snippet
        self.title = title
        self.document = document     # the document's name in the store (fab-2.10.1)
        self.game = game             # fab, mtg, ga, mc
        self.source = source         # game and version as citations print them: FaB CR 2.10.1
        self.citation = citation     # FaB CR 2.10.1 7.5.5b / GA rules 2026-08-21, Playing Cards 7.1 [...]

    def to_dict(self) -> dict:
        """As data: every field of the hit."""
        return {k: getattr(self, k) for k in self.__slots__}


def _snippet(text: str, pos: int, length: int, width: int = 70) -> str:
    text = text.replace("\n", " ")
    if pos < 0:
        pos, length = 0, 0
    start = max(0, pos - width)
    end = min(len(text), pos + length + width)
    # widen to word boundaries
    while start > 0 and text[start - 1] not in " ":
        start -= 1
    while end < len(text) and text[end] not in " ":
        end += 1
    out = text[start:end].strip()
    return ("…" if start > 0 else "") + out + ("…" if end < len(text) else "")


def search(book, query: str, limit: int = 10) -> list[Hit]:
    """Rank the rules of ``book`` for ``query``; at most ``limit`` hits, best first."""
    q = normalize(query).strip()
    if not q:
        return []
    words = _WORD.findall(q)
    scores: dict[str, tuple[float, str, int, int]] = {}   # id → (score, why, pos, len)

    def offer(rule_id, score, why, pos=-1, length=0):
        old = scores.get(rule_id)
        if old is None or score > old[0]:
            scores[rule_id] = (score, why, pos, length)

    index = prepared(book)
    position = _positions(index)
    # tier 1: defined terms (exact, then the query as a whole word inside a term name)
    term = book.terms.get(q) or book.terms.get(query.lower().strip())
    if term is None:   # a term spelt the other way ("Defence" in the document, "defense" asked)
        term = _folded_terms(index, book)[0].get(q)
    if term is not None:
        for k, rid in enumerate(term.rules):
            offer(rid, 300 - k, f"defines '{term.name}'")
    texts = index["bodies"]
    titles = index["titles"]
    for rid in index["by_title"].get(q, ()):
        offer(rid, 250, "title")
    candidates = _candidates(index, q)
    for rid in (index["ids"] if candidates is None else sorted(candidates, key=position.__getitem__)):
        title = titles[rid]
        body = texts[rid]
        if title and title == q:
            continue
        at = _word_at(body, q, True)
        if at >= 0:
            bonus = 20 if title and q in title else 0
            # earlier and shorter matches read better: small tie-breakers
            offer(rid, 150 + bonus - min(at, 400) / 100 - len(body) / 2000, "phrase", at, len(q))
            continue
        if len(words) > 1 and all(_word_at(body, w, False) >= 0 for w in words):
            first = min(body.find(w) for w in words)
            offer(rid, 100 - len(body) / 2000, "all words", first, len(words[0]))
    if len(scores) < limit:
        from rapidfuzz import fuzz, process

        # a misspelt term ("go agian") still finds the rules that define it, ahead of fuzzy text
        names = _folded_terms(index, book)[1]
        for _name, score, key in process.extract(q, names, scorer=fuzz.ratio, limit=limit, score_cutoff=80):
            t = book.terms[key]
            for k, rid in enumerate(t.rules):
                if rid in position:
                    offer(rid, 100 + score / 5 - k, f"close to '{t.name}'")
        # fuzzy text: only the rules holding a word spelt close to a word of the query (the index's
        # vocabulary is matched, not every rule's text)
        vocab, postings, ids = index["vocab"], index["postings"], index["ids"]
        near = set()
        for run in set(_RUN.findall(q)):
            for _w, _score, i in process.extract(run, vocab, scorer=fuzz.ratio, limit=25, score_cutoff=75):
                near.update(postings[i])
        choices = {ids[n]: texts[ids[n]] for n in sorted(near) if ids[n] not in scores}
        for rid_text, score, rid in process.extract(q, choices, scorer=fuzz.partial_ratio, limit=limit * 3,
                                                    score_cutoff=80):
            offer(rid, score * 0.9, "fuzzy", -1, 0)
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1][0], position.get(kv[0], -1)))[:limit]
    hits = []
    for rid, (score, why, pos, length) in ranked:
        title, source, citation = index["shown"][rid]      # as printed: the title, the text, the citation
        if pos < 0 and why == "fuzzy":
            pos, length = _fuzzy_pos(texts[rid], words)
        if title and source.startswith(title):
            source = source[len(title):].lstrip()   # a bare heading has no snippet
            pos = max(-1, pos - len(title) - 1)
        hits.append(Hit(rid, round(score, 1), why, _snippet(source, pos, length), title, book.name,
                        book.game, book.cite_prefix, citation))
    return hits


_RUN = re.compile(r"[a-z0-9]+")
_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _word_at(body: str, text: str, whole: bool) -> int:
    """Where ``text`` first starts a word of ``body`` (no letter or digit before it; with ``whole``, none
    after it either), or -1: what ``(?<![a-z0-9])TEXT`` (``…(?![a-z0-9])``) finds, without compiling a
    pattern for every query."""
    i = body.find(text)
    end = len(text)
    while i >= 0:
        if (i == 0 or body[i - 1] not in _ALNUM) and (not whole or i + end >= len(body)
                                                      or body[i + end] not in _ALNUM):
            return i
        i = body.find(text, i + 1)
    return -1
_INDEX_FORMAT = 2


def prepared(book) -> dict:
    """The search index of ``book``: each rule's text and title with case and spelling folded, the rules
    under each folded title, and the sorted vocabulary of word runs with the rules holding each. Built once
    and kept beside the parse cache (``KEY.search.marshal``), so a search reads it instead of folding every
    rule's text again."""
    index = getattr(book, "_search_index", None)
    if index is not None:
        return index
    path = _index_path(book)
    if path is not None:
        try:
            import marshal

            with open(path, "rb") as fh:
                index = marshal.loads(fh.read())   # one read: marshal.load(fh) calls read() per object
            if index.get("format") != _INDEX_FORMAT or len(index["bodies"]) != len(book.rules):
                index = None
        except Exception:   # noqa: BLE001 — missing or corrupt: rebuilt below
            index = None
    if index is None:
        index = _build_index(book)
        if path is not None:
            import marshal

            from judge.rulebook import store

            try:
                store.write_atomic(path, marshal.dumps(index))
            except (OSError, ValueError):
                pass
    book._search_index = index
    return index


def _index_path(book):
    key = getattr(book, "cache_key", None)
    if not key:
        return None
    from judge.rulebook import store

    return store.cache_dir() / f"{key}.search.marshal"


def _build_index(book) -> dict:
    bodies, titles, by_title, postings = {}, {}, {}, {}
    for n, rule in enumerate(book.rules.values()):
        body = normalize(rule.full_text())
        title = normalize(rule.title)
        bodies[rule.id] = body
        titles[rule.id] = title
        if title:
            by_title.setdefault(title, []).append(rule.id)
        for run in set(_RUN.findall(body)):
            postings.setdefault(run, []).append(n)
    vocab = sorted(postings)
    return {"format": _INDEX_FORMAT, "bodies": bodies, "titles": titles, "by_title": by_title,
            "ids": list(book.rules), "vocab": vocab, "postings": [postings[w] for w in vocab],
            "shown": {rid: (r.title, r.full_text(), book.cite(rid)) for rid, r in book.rules.items()},
            "terms": [(key, t.name, list(t.rules)) for key, t in book.terms.items()],
            "document": (book.name, book.game, book.cite_prefix)}


def _positions(index: dict) -> dict:
    """Rule id → its place in the document, made once per index."""
    pos = index.get("_positions")
    if pos is None:
        pos = index["_positions"] = {rid: n for n, rid in enumerate(index["ids"])}
    return pos


def _folded_terms(index: dict, book) -> tuple[dict, dict]:
    """The terms of ``book`` by folded key (the first term of each, in document order) and each term key's
    folded name: made once per index, not folded again for every query."""
    got = index.get("_folded_terms")
    if got is None:
        by_key: dict = {}
        for key, t in book.terms.items():
            by_key.setdefault(normalize(key), t)
        got = index["_folded_terms"] = (by_key, {key: normalize(t.name) for key, t in book.terms.items()})
    return got


class _Term:
    """A defined term as the search reads it: its name and the rules defining it."""

    __slots__ = ("name", "rules")

    def __init__(self, name, rules):
        self.name = name
        self.rules = rules


class IndexedDocument:
    """A document as :func:`search` needs it, read from its search index alone (no rule materialised):
    its name, game, citation prefix and terms; :func:`indexed` gives one."""

    def __init__(self, index: dict):
        self.name, self.game, self.cite_prefix = index["document"]
        self.terms = {key: _Term(name, rules) for key, name, rules in index["terms"]}
        self._search_index = index


def indexed(doc) -> IndexedDocument | None:
    """The document ``doc`` (a :class:`~judge.rulebook.store.DocRef`) from the search index kept beside the
    parse cache under a name made of the sizes and times of its files and of the modules shaping the index
    (as :mod:`judge.rulebook.views` names the views): nothing parsed, nothing hashed. None when there is no
    such index yet (or it is unreadable): then load the document and call :func:`write_indexed`."""
    from judge.rulebook import views

    path = views.views_path(doc, "search", _INDEX_FORMAT, ("search.py", "words.py"))
    if path is None:
        return None
    try:
        import marshal

        with open(path, "rb") as fh:
            index = marshal.loads(fh.read())
        if index.get("format") != _INDEX_FORMAT:
            return None
        return IndexedDocument(index)
    except Exception:   # noqa: BLE001 — missing, corrupt or foreign: the document is loaded instead
        return None


def write_indexed(doc, book) -> None:
    """Keep the search index of ``book`` (loaded from ``doc``) where :func:`indexed` reads it; silent on
    failure."""
    from judge.rulebook import store, views

    path = views.views_path(doc, "search", _INDEX_FORMAT, ("search.py", "words.py"))
    if path is None:
        return
    try:
        import marshal

        index = {k: v for k, v in prepared(book).items() if not k.startswith("_")}
        store.write_atomic(path, marshal.dumps(index))
    except (OSError, ValueError):
        pass


def _candidates(index: dict, q: str) -> set | None:
    """The rules that can hold every word run of ``q`` at the start of a run (a superset of those the
    phrase and all-words tiers match), or None when the query has no run to filter by."""
    import bisect

    runs = set(_RUN.findall(q))
    if not runs:
        return None
    vocab, postings, ids = index["vocab"], index["postings"], index["ids"]
    found = None
    for run in sorted(runs, key=len, reverse=True):
        holders = set()
        i = bisect.bisect_left(vocab, run)
        while i < len(vocab) and vocab[i].startswith(run):
            holders.update(postings[i])
            i += 1
        found = holders if found is None else found & holders
        if not found:
            return set()
    return {ids[n] for n in found}


def _fuzzy_pos(body: str, words) -> tuple[int, int]:
    for w in words:
        i = body.find(w[:4]) if len(w) >= 4 else body.find(w)
        if i >= 0:
            return i, len(w)
    return 0, 0
