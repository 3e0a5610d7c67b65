"""The cross-reference graph of a rulebook (networkx).

Nodes are rules (``kind="rule"``), terms (``kind="term"``, node id ``term:go again``) and cited ids that
are not in the document (``kind="external"``: the seeds cite chapters 1, 3, 6 and 8 that they do not hold).
Edges carry ``kind``: ``contains`` (parent → child), ``cites`` (rule → referenced rule) and ``defines``
(term → the rule that defines it). Only commands that need the graph import this module: networkx costs
more start-up time than a whole rule lookup.
"""

from __future__ import annotations

import networkx as nx


def build(book) -> nx.MultiDiGraph:
    """The graph of one rulebook."""
    g = nx.MultiDiGraph(name=book.name, game=book.game, version=book.version)
    for rule in book.rules.values():
        g.add_node(rule.id, kind="rule", title=rule.title, text=rule.text, label=rule.label)
    for rule in book.rules.values():
        for child in rule.children:
            g.add_edge(rule.id, child, kind="contains")
        for ref in rule.refs:
            if ref not in book.rules and ref not in g:
                g.add_node(ref, kind="external", title="", text="", label="")
            g.add_edge(rule.id, ref, kind="cites")
    for term in book.terms.values():
        node = f"term:{term.name.lower()}"
        g.add_node(node, kind="term", title=term.name, text=term.text, label="")
        for rid in term.rules:
            if rid not in g:
                g.add_node(rid, kind="external", title="", text="", label="")
            g.add_edge(node, rid, kind="defines")
    return g


def cites_view(g):
    """Only the ``cites`` edges."""
    return nx.subgraph_view(g, filter_edge=lambda u, v, k: g.edges[u, v, k]["kind"] == "cites")


def refs(book, rule_id: str, depth: int = 1) -> dict:
    """Rules ``rule_id`` cites and rules citing it, transitively up to ``depth`` hops (with the distance)."""
    g = build(book)
    view = cites_view(g)
    out_d = nx.single_source_shortest_path_length(view, rule_id, cutoff=depth)
    in_d = nx.single_source_shortest_path_length(view.reverse(copy=False), rule_id, cutoff=depth)
    order = {n: i for i, n in enumerate(g.nodes)}
    key = lambda kv: (kv[1], order[kv[0]])  # noqa: E731
    cites = [(n, d, g.nodes[n]["kind"]) for n, d in sorted(out_d.items(), key=key) if n != rule_id]
    cited_by = [(n, d, g.nodes[n]["kind"]) for n, d in sorted(in_d.items(), key=key) if n != rule_id]
    return {"cites": cites, "cited_by": cited_by}


def path(book, a: str, b: str) -> list[tuple[str, str]]:
    """Shortest path from rule ``a`` to rule ``b`` over contains and cites edges, either direction.

    Returns ``[(node, how)]`` where ``how`` says how the step was taken (``cites``, ``cited by``,
    ``contains``, ``part of``); the first entry's ``how`` is empty. Raises ``nx.NetworkXNoPath``.
    """
    g = build(book)
    rules_only = g.subgraph([n for n, d in g.nodes(data=True) if d["kind"] != "term"])
    und = nx.Graph()
    for u, v, d in rules_only.edges(data=True):
        und.add_edge(u, v)
        und.edges[u, v].setdefault("dirs", set()).add((u, v, d["kind"]))
    nodes = nx.shortest_path(und, a, b)
    steps = [(nodes[0], "")]
    for u, v in zip(nodes, nodes[1:]):
        dirs = und.edges[u, v]["dirs"]
        how = ""
        # one name per step, the same on every run: a cites edge before contains, forwards before backwards
        for x, y, kind in sorted(dirs, key=lambda t: (t[2] != "cites", (t[0], t[1]) != (u, v))):
            if (x, y) == (u, v):
                how = kind
            else:
                how = {"cites": "cited by", "contains": "part of"}[kind]
            break
        steps.append((v, how))
    return steps


def summary(g) -> str:
    """``1,615 nodes (1,225 rules, 384 terms, 6 external), 2,002 edges (…)``: what an export holds."""
    from collections import Counter

    nodes = Counter(d["kind"] for _, d in g.nodes(data=True))
    edges = Counter(d["kind"] for _, _, d in g.edges(data=True))
    n = ", ".join(f"{nodes[k]:,} {k if k == 'external' else k + 's'}" for k in ("rule", "term", "external"))
    e = ", ".join(f"{edges[k]:,} {k}" for k in ("contains", "cites", "defines"))
    return f"{g.number_of_nodes():,} nodes ({n}), {g.number_of_edges():,} edges ({e})"


def export(book, fmt: str, g=None) -> str:
    """The graph as GraphML, node-link JSON, or Graphviz DOT text."""
    if g is None:
        g = build(book)
    if fmt == "graphml":
        return "\n".join(nx.generate_graphml(g))
    if fmt == "json":
        import json

        data = nx.node_link_data(g, edges="links")
        return json.dumps(data, indent=1, ensure_ascii=False)
    if fmt == "dot":
        lines = [f'digraph "{_dot_escape(book.name)}" {{']
        for n, d in g.nodes(data=True):
            label = n if not d.get("title") else f"{n} {d['title']}"
            shape = {"rule": "box", "term": "ellipse", "external": "note"}[d["kind"]]
            lines.append(f'  "{_dot_escape(n)}" [label="{_dot_escape(label)}", shape={shape}];')
        for u, v, d in g.edges(data=True):
            lines.append(f'  "{_dot_escape(u)}" -> "{_dot_escape(v)}" [label="{d["kind"]}"];')
        lines.append("}")
        return "\n".join(lines)
    raise ValueError(f"unknown graph format {fmt!r}")


def _dot_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
