"""Rulings docs and the hyperlinked rules site.

* :mod:`judge.docs.site` — the static site: one page per chapter (numbered documents) or per page/entry
  (Grand Archive, Marvel Champions), an anchor per rule, every reference a link, "cited by" lists, a term
  index, breadcrumbs and an offline search box.
* :mod:`judge.docs.rulings` — one Markdown ruling per scenario (question, answer, the board in words, the
  explanation step by step with each citation linked and quoted), rendered to HTML with markdown-it-py.
* :mod:`judge.docs.output` — a whole output folder is written beside its target and swapped in only when
  complete, so a run killed halfway leaves the previous one whole.
* :mod:`judge.docs.html` — escaping, anchors, the page template, rule text with its references linked.
* :mod:`judge.docs.assets` — the stylesheet and the search script (our own, nothing fetched).

Anchors: a rule's anchor is its id when the id holds only letters, digits, ``.`` and ``-`` (``#7.5.5b``);
any other character is written as ``_`` plus the two hex digits of each of its UTF-8 bytes, so the slug id
``playing-cards/7.1`` has the anchor ``#playing-cards_2F7.1`` (``_`` itself becomes ``_5F``). The scheme
is reversible (:func:`judge.docs.html.anchor_id`).
"""
