"""Versions on the rules site: when a site holds several versions of one game's document, each rule says
what changed since the version before (and in the version after), links to the same rule in the other
versions, and each pair of consecutive versions gets a diff page (``diffs/OLD--NEW.html``).

Built on :mod:`judge.rulebook.diff` (the same pairing of renumbered rules as ``judge diff``).
"""

from __future__ import annotations

from judge.docs.html import esc, page, relative
from judge.docs.output import Page
from judge.rulebook.model import format_version_key

_KIND = {"reworded": "reworded", "moved": "renumbered", "added": "added", "removed": "removed"}


class VersionPairs:
    """The consecutive version pairs of the documents of a site, and what each rule's page says of them."""

    def __init__(self, docs: dict):
        self.docs = docs                               # book name → DocPages
        self.pairs = []                                # (old DocPages, new DocPages, Diff)
        self.before: dict[str, tuple] = {}             # book name → its pair with the version before
        self.after: dict[str, tuple] = {}              # book name → its pair with the version after
        by_game: dict[str, dict[str, object]] = {}
        for doc in docs.values():
            book = doc.book
            if not book.version:
                continue
            same = by_game.setdefault(book.game, {}).get(book.version)
            # one document per version: the whole document rather than an embedded excerpt of it
            if same is None or len(book.rules) > len(same.book.rules):
                by_game[book.game][book.version] = doc
        for versions in by_game.values():
            ordered = [versions[v] for v in sorted(versions, key=lambda v: (format_version_key(v), v))]
            for old, new in zip(ordered, ordered[1:]):
                pair = (old, new, None)
                self.pairs.append(pair)
                self.after[old.book.name] = len(self.pairs) - 1
                self.before[new.book.name] = len(self.pairs) - 1

    def _diff(self, k: int):
        old, new, found = self.pairs[k]
        if found is None:
            from judge.rulebook.diff import diff

            found = diff(old.book, new.book)
            self.pairs[k] = (old, new, found)
        return found

    @staticmethod
    def page_path(old, new) -> str:
        """Where the diff page of a pair is written: ``diffs/fab-2.10.1--fab-2026-02.html``."""
        return f"diffs/{old.folder.rstrip('/').split('/')[-1]}--{new.folder.rstrip('/').split('/')[-1]}.html"

    def rule_meta(self, doc, rule_id: str, from_page: str) -> str:
        """The ``Versions:`` line of a rule's block: changed since / in the neighbouring versions, with links
        to the same rule there and to the diff page; empty when the site holds one version."""
        bits = []
        name = doc.book.name
        if name in self.before:
            k = self.before[name]
            old, _new, _ = self.pairs[k]
            status = self._diff(k).origin(rule_id)
            bits.append(self._bit(from_page, k, status.kind, old, status.old_id, f"since {old.book.version}",
                                  rule_id))
        if name in self.after:
            k = self.after[name]
            _old, new, _ = self.pairs[k]
            status = self._diff(k).status(rule_id)
            bits.append(self._bit(from_page, k, status.kind, new, status.new_id, f"in {new.book.version}",
                                  status.new_id or rule_id))
        if not bits:
            return ""
        return '<span class="k">Versions:</span> ' + " · ".join(bits)

    def _bit(self, from_page: str, k: int, kind: str, other, other_id, when: str, listed: str) -> str:
        old, new, _ = self.pairs[k]
        diff_url = relative(from_page, self.page_path(old, new))
        if kind == "unchanged":
            what = f"unchanged {when}"
        else:
            what = f'<a class="diff" href="{esc(diff_url)}#{esc(_anchor(kind, listed))}">{_KIND[kind]} {when}</a>'
        if other_id and other.url(other_id):
            what += (f' (<a class="version" href="{esc(relative(from_page, other.url(other_id)))}">'
                     f'{esc(other.book.cite_prefix)} {esc(other_id)}</a>)')
        return what

    def pages(self, builder) -> list[Page]:
        """A diff page per pair."""
        return [Page(self.page_path(old, new), lambda k=k: self.diff_page(builder, k))
                for k, (old, new, _) in enumerate(self.pairs)]

    def diff_page(self, builder, k: int) -> str:
        """The HTML page of the ``k``-th pair's diff: its counts and every change, linked into both versions."""
        from judge.rulebook.diff import inline

        old, new, _ = self.pairs[k]
        found = self._diff(k)
        path = self.page_path(old, new)
        counts = found.counts()
        body = [f"<h1>{esc(old.book.cite_prefix)} → {esc(new.book.version)}</h1>",
                f'<p class="muted">{counts["added"]} added, {counts["removed"]} removed, {counts["reworded"]} '
                f'reworded ({counts["reworded_cosmetic"]} in punctuation or case only), {counts["renumbered"]} '
                f'renumbered; {counts["unchanged"]} unchanged.</p>']
        for kind, title, items in (("moved", "Renumbered", found.renumbered), ("added", "Added", found.added),
                                   ("removed", "Removed", found.removed), ("reworded", "Reworded", found.reworded)):
            if not items:
                continue
            body.append(f"<h2>{title}</h2><ul class=\"changes\">")
            for change in items:
                rid = change.new_id or change.old_id
                links = []
                for doc, cid in ((old, change.old_id), (new, change.new_id)):
                    if cid and doc.url(cid):
                        links.append(f'<a href="{esc(relative(path, doc.url(cid)))}">{esc(doc.book.version)} '
                                     f'{esc(cid)}</a>')
                text = ""
                if change.parts:
                    text = " ".join(_marked(inline(change.diffs[p], context=12)) for p in change.parts)
                elif change.new is None or change.old is None:
                    text = esc((change.new or change.old).text)
                body.append(f'<li id="{esc(_anchor(kind, rid))}"><b>{esc(rid)}</b> '
                            f'<span class="muted">{" → ".join(links)}</span><br>{text}</li>')
            body.append("</ul>")
        crumbs = [("Home", builder.home), (f"{old.book.version} → {new.book.version}", None)]
        return page(path, f"{old.book.cite_prefix} → {new.book.version}", "\n".join(body), crumbs=crumbs,
                    site_name=builder.title, version=f"{old.book.cite_prefix} → {new.book.version}")


def _anchor(kind: str, rule_id: str) -> str:
    from judge.docs.html import anchor_id

    return f"{kind}-{anchor_id(rule_id)}"


def _marked(text: str) -> str:
    """A word diff's ``[-old-]{+new+}`` markers as ``<del>`` and ``<ins>``."""
    import re

    out = esc(text)
    out = re.sub(r"\[-(.*?)-\]", r"<del>\1</del>", out, flags=re.S)
    return re.sub(r"\{\+(.*?)\+\}", r"<ins>\1</ins>", out, flags=re.S)
