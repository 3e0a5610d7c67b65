"""6.6.6b: a player's own triggered-layers go on the stack in the order the file says (``trigger_order``); a handle
there that is no card of the file is refused; without an order the trace says the engine took the order they
triggered in."""

from conftest import ROOT
from scenario_checks import resolve_bad_file

KIMONO = ROOT / "scenarios" / "fab" / "6.6.6b-kimono-before-diadem-in-the-order-chosen.toml"


def test_an_unknown_handle_in_trigger_order_is_refused(run_cli, tmp_path):
    text = KIMONO.read_text().replace('trigger_order = ["kimono", "diadem"]', 'trigger_order = ["kimono", "diadme"]')
    _, err = resolve_bad_file(run_cli, tmp_path, text)
    assert "players.alice.trigger_order" in err and "'diadme'" in err


def test_without_an_order_the_trace_says_which_was_taken(run_cli, tmp_path):
    path = tmp_path / "no-order.toml"
    path.write_text(KIMONO.read_text().replace('trigger_order = ["kimono", "diadem"]\n', ''))
    code, out, err = run_cli("resolve", str(path))
    assert err == "" and code in (0, 1), err
    assert "the file gives no trigger_order, so in the order they triggered" in out
