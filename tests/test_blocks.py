"""judge/docs/blocks.py: the HTML of judge's own Markdown shapes is markdown-it's, byte for byte, or it
declines (None) and markdown-it renders; over every scenario's ruling page and over hostile text."""

import random

import pytest

from judge.docs import blocks
from judge.docs.html import md_escape
from judge.docs.rulings import _markdown_it, _render_inline


def _same_or_declined(markdown: str) -> bool:
    got = blocks.render(markdown, _render_inline)
    return got is None or got == _markdown_it().render(markdown)


def test_the_shapes_of_a_ruling_page_are_rendered_as_markdown_it_does():
    page = "\n".join([
        "# A title with *emphasis* and `code`", "", "**Question:** why?", "", "## Answer", "",
        "- one (a [link](x.html#7.5.5b))", "- two", "", "**What happens:**", "",
        "1. alice plays **A**.", "2. bob defends.", "", "*Action phase*", "",
        "1. first step", "", "   \ue000q0\ue000", "", "2. second", "", "*Attack Step*", "",
        "11. eleventh", "", "    \ue000q1\ue000", "", "12. twelfth", "", "---", "",
        "- [Ruling](r.html) — question?  ", "  *answer*", "- [Other](o.html)", ""])
    got = blocks.render(page, _render_inline)
    assert got is not None and got == _markdown_it().render(page)
    assert '<ol start="11">' in got and "<br />" in got and got.count("<li>\n<p>") == 4
    for judges_own in ("**Players:** **alice** (hero Alice, 20 life); *Action phase*", "a \\# b — [7.5.5b](../x.html#7.5.5b), "
                       "[GA rules, Playing Cards 7.1](../ga/p.html#playing-cards_2F7.1)", "*(from FaB CR 2.10.1)*"):
        assert blocks._inline(judges_own, 0, len(judges_own), True) == _render_inline(judges_own)   # not declined


@pytest.mark.parametrize("markdown", [
    "para\nlazy continuation", "- a\n\n- b", "1. a\nlazy", "1. a\n\n  under-indented", "1. a\n\n      code-deep",
    "- a\n  - nested", "> quote", "    code", "# heading #", "para\n---", "***", "- ", "1.", "1) paren", "\tx",
    "a\r\nb", "- a\nb", "10. a\n\n   short indent", "+ plus", "<div>", "```", "1. a\n\n   - nested", " lead",
])
def test_what_it_does_not_know_it_leaves_to_markdown_it(markdown):
    assert blocks.render(markdown, _render_inline) is None


def test_hostile_text_escaped_as_judge_escapes_it_renders_the_same():
    rng = random.Random(19)
    alphabet = list("ab 1.-+*_#>`~[]()!&<\"'\\=|:\u00a0\u2003") + ["\n", "  ", "1. ", "- ", "***", "---", "    "]
    for _ in range(600):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 14)))
        escaped = md_escape(text)
        for page in (f"# {escaped}", escaped, f"- {escaped}", f"1. {escaped}\n\n   {escaped}",
                     f"## A\n\n{escaped}\n\n- {escaped}\n- x  \n  {escaped}\n\n3. {escaped}\n4. y\n"):
            assert _same_or_declined(page), repr(page)


def test_judges_own_inline_markup_around_hostile_text_renders_the_same():
    rng = random.Random(1919)
    alphabet = list("ab 1.-+*_#>`~[]()!&<\"'\\=|:;,\u00a0\u2014") + ["  ", "javascript:", "%20", "../x.html#7.5"]
    for _ in range(500):
        words = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6))) for _ in range(4)]
        a, b, c, d = (md_escape(w) for w in words)
        url = rng.choice(["../fab/7.html#7.5.5b", "x.html", words[3].replace(" ", "%20"), "a(b)", "javascript:x"])
        for text in (f"**{a}** {b}", f"{a} *{b}*{c}", f"[{a}]({url}), [{b}]({url})", f"{a} — [{b}]({url})",
                     f"**{a}:** **{b}** ({c}); *{d}*", f"*({a})*", f"{a}**{b}**", f"[{a}]({url}){b}",
                     f"**[{a}]({url})** *{b}*"):
            html = blocks.inline_html(text, _render_inline)
            assert html == _render_inline(text), repr(text)


def test_code_spans_as_judge_writes_them_render_the_same():
    footer = "Rules version: **FaB CR 2.10.1** (document `fab-2.10.1`). Scenario: `scenarios/fab/a_b*c.toml`."
    assert blocks._inline(footer, 0, len(footer), True) == _render_inline(footer)    # put together, not declined
    rng = random.Random(2019)
    alphabet = list("ab `*_\\[]<&") + ["``", " ", "**", "\u00a0"]
    for _ in range(800):
        a, b, c = ("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6))) for _ in range(3))
        for text in (f"{md_escape(a)} `{b}` {md_escape(c)}", f"`{a}`", f"``{a}``", f"**{md_escape(a)}** `{b}`",
                     f"*x `{b}` y*", f"` {a} `", f"{a}`{b}`{c}", f"[{md_escape(a)}](x.html) `{b}`"):
            assert blocks.inline_html(text, _render_inline) == _render_inline(text), repr(text)
