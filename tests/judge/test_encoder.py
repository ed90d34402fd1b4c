"""The lean BERT forward pass answers exactly as transformers' own, where it is used."""

import pytest
import torch
from transformers import BertModel

from referee.judge.bench import CONTEXT, SENTENCES, table_cards
from referee.judge.cross_encoder import (
    CARDS_PER_ROW,
    batch_tensors,
    card_text,
    encode_table,
    get_table_scorer,
    story_text,
)
from referee.judge.embedding import get_embedder
from referee.judge.encoder import encoder_states, lean_forward_supported
from tests.judge.helpers import tiny_bert


def sdpa_bert() -> BertModel:
    model = tiny_bert()
    model.config._attn_implementation = "sdpa"
    return model


def test_a_padded_batch_reads_as_transformers_reads_it():
    model = sdpa_bert()
    ids = torch.tensor([[2, 7, 9, 11, 3], [2, 5, 3, 0, 0]])
    mask = torch.tensor([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]])
    types = torch.tensor([[0, 0, 0, 1, 1], [0, 0, 0, 0, 0]])
    with torch.inference_mode():
        expected = model(ids, attention_mask=mask, token_type_ids=types).last_hidden_state
        assert torch.equal(encoder_states(model, ids, types, attention_mask=mask), expected)


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("position_embedding_type", "relative_key"),
        ("is_decoder", True),
        ("add_cross_attention", True),
        ("_attn_implementation", "eager"),
    ],
)
def test_models_it_would_read_otherwise_are_left_to_transformers(setting, value):
    model = sdpa_bert()
    assert lean_forward_supported(model)
    setattr(model.config, setting, value)
    assert not lean_forward_supported(model)


def test_training_mode_and_other_models_are_left_to_transformers():
    assert not lean_forward_supported(sdpa_bert().train())
    assert not lean_forward_supported(torch.nn.Linear(2, 2))
    assert not lean_forward_supported(None)


def bench_tensors(sentence: str) -> dict[str, torch.Tensor]:
    scorer = get_table_scorer()
    cards = table_cards()
    story = story_text(CONTEXT, sentence)
    rows = [
        encode_table(scorer.tokenizer, story, map(card_text, cards[start : start + CARDS_PER_ROW]))
        for start in range(0, len(cards), CARDS_PER_ROW)
    ]
    return batch_tensors(rows)


@pytest.mark.parametrize("sentence", SENTENCES[:3])
def test_the_table_cross_encoder_answers_bit_for_bit_as_its_model(sentence):
    scorer = get_table_scorer()
    assert scorer._lean
    tensors = bench_tensors(sentence)
    with torch.inference_mode():
        assert torch.equal(scorer.token_logits(tensors), scorer.model(**tensors).logits)


@pytest.mark.parametrize("sentence", SENTENCES[:3])
def test_the_embedder_answers_bit_for_bit_as_its_model(sentence):
    embedder = get_embedder()
    assert embedder._encoder is not None
    model = embedder.model
    features = dict(model.tokenizer(sentence, return_tensors="pt"))
    with torch.inference_mode():
        lean = embedder.forward(dict(features))
        expected = model.forward(dict(features))
    assert torch.equal(lean["token_embeddings"], expected["token_embeddings"])
    assert torch.equal(lean["sentence_embedding"], expected["sentence_embedding"])
