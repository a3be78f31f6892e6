"""kalmar.chess: tables with their published statistics, probes, files, and refusals."""

import doctest

import pytest

from kalmar import chess


def test_the_docstring_examples_run():
    failed, tried = doctest.testmod(chess)
    assert tried > 0 and failed == 0


def test_kpk_has_the_published_longest_mates_and_its_promotions_tables():
    kpk = chess.table("KPK", lines=300, certify=True)
    assert kpk.certificate == {"tables": 6, "positions": kpk.certificate["positions"], "unreachable": 0}
    assert kpk.certificate["positions"] > kpk.stats["positions"]
    assert kpk.material == "KPK"
    assert kpk.stats["white"]["longest_win"] == 28
    assert kpk.stats["white"]["longest_win_positions"] == 3
    assert kpk.stats["black"]["longest_loss_positions"] == 2
    assert {"KQK", "KRK", "KBK", "KNK", "KK"} <= {t["material"] for t in kpk.smaller}
    assert kpk.check["lines"] == 300 and kpk.check["mates"] > 0
    assert kpk.timing["positions"] == kpk.stats["positions"]


def test_a_saved_table_serves_probes(tmp_path):
    for material in ["KQK", "KK"]:
        made = chess.table(material, lines=0)
        assert made.certificate is None
        made.save(tmp_path / f"{material}.kct")
    probe = chess.probe("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", tables=tmp_path)
    assert probe.value == chess.table("KQK", lines=0).probe(probe.fen).value
    assert probe.value.outcome == "win" and probe.value.plies == 19 and probe.side == "white"
    assert all(value.plies == 18 for _, value in probe.best)
    assert len(probe.moves) >= len(probe.best)


def test_what_tables_do_not_cover_is_refused():
    with pytest.raises(ValueError, match="2 pawns"):
        chess.table("KPPK")
    with pytest.raises(ValueError, match="castling"):
        chess.probe("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    with pytest.raises(ValueError, match="not a legal position"):
        chess.probe("8/8/8")
    with pytest.raises(MemoryError, match="raise the limit"):
        chess.table("KQRKQ", max_memory=100 << 20)


def test_a_table_made_by_several_workers_is_the_same(tmp_path):
    one, three = chess.table("KRK", lines=0), chess.table("KRK", lines=100, workers=3)
    assert three.stats == one.stats and three.check["lines"] == 100
    one.save(tmp_path / "one.kct")
    three.save(tmp_path / "three.kct")
    assert (tmp_path / "one.kct").read_bytes() == (tmp_path / "three.kct").read_bytes()
