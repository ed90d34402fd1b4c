"""Inference precision: the int8 embedder (unless the setting says float32) and the bfloat16
cross-encoder, pre-packed or under autocast."""

import pytest
import torch

from referee.judge.inference import QUANTIZE_SETTING, quantize_for_inference
from tests.judge.helpers import tiny_bert


def is_int8(layer):
    return isinstance(layer, torch.ao.nn.quantized.dynamic.Linear)


def small_model():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))


def test_linear_layers_become_int8_and_answer_close_to_float32():
    reference = small_model().eval()
    inputs = torch.randn(4, 8, generator=torch.Generator().manual_seed(1))
    with torch.inference_mode():
        expected = reference(inputs)
        quantized = quantize_for_inference(small_model())
        answered = quantized(inputs)
    assert is_int8(quantized[0]) and is_int8(quantized[2])
    assert not quantized.training
    assert torch.allclose(answered, expected, atol=0.05)


def test_the_setting_keeps_float32(monkeypatch):
    monkeypatch.setenv(QUANTIZE_SETTING, "0")
    model = quantize_for_inference(small_model().train())
    assert not is_int8(model[0]) and not model.training


def test_the_answering_embedder_is_quantized_and_a_training_one_is_not():
    from referee.judge.embedding import Embedder, get_embedder

    def int8_layers(embedder):
        layers = (torch.nn.Linear, torch.ao.nn.quantized.dynamic.Linear)
        return {is_int8(m) for m in embedder.model.modules() if isinstance(m, layers)}

    assert int8_layers(get_embedder()) == {True}
    assert int8_layers(Embedder()) == {False}


@pytest.mark.parametrize(
    ("cpu", "pays"),
    [
        ("vendor_id : AuthenticAMD\nflags : fpu avx2 avx512f avx512_bf16\n", True),
        ("vendor_id : GenuineIntel\nflags : fpu avx2 avx512f avx512_bf16 amx_bf16\n", True),
        ("vendor_id : GenuineIntel\nflags : fpu avx2 avx512f avx512_bf16\n", False),
        ("vendor_id : AuthenticAMD\nflags : fpu avx2 avx512f avx512_vnni\n", False),
    ],
)
def test_bf16_is_chosen_by_the_kind_of_cpu(tmp_path, cpu, pays):
    """AMX, or AMD's avx512_bf16; not Intel's avx512_bf16 alone, measured slower than float32."""
    from referee.judge.inference import bf16_pays

    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor : 0\n" + cpu + "\nprocessor : 1\n" + cpu)
    assert bf16_pays.__wrapped__(cpuinfo) is pays
    assert bf16_pays.__wrapped__(tmp_path / "missing") is False


def test_the_choice_of_bf16_is_not_timed(monkeypatch):
    """Until 2026-12-07 a timing probe chose, and a busy machine could make two processes of
    the same service answer one sentence differently. The choice must not read the clock."""
    import time

    from referee.judge.inference import bf16_pays

    def no_clock() -> float:
        raise AssertionError("the choice of precision read the clock")

    monkeypatch.setattr(time, "perf_counter", no_clock)
    monkeypatch.setattr(time, "monotonic", no_clock)
    bf16_pays.__wrapped__()


def test_the_bf16_setting_overrides_the_cpu(monkeypatch):
    from referee.judge.inference import BF16_SETTING, bf16_enabled, bf16_pays

    monkeypatch.setenv(BF16_SETTING, "0")
    assert bf16_enabled() is False
    monkeypatch.setenv(BF16_SETTING, "1")
    assert bf16_enabled() is True
    monkeypatch.delenv(BF16_SETTING)
    assert bf16_enabled() is bf16_pays()


def test_the_cross_encoder_in_bf16_scores_close_to_float32_and_says_so():
    from referee.judge.base import CardRef
    from referee.judge.cross_encoder import get_table_scorer

    cards = [
        CardRef(name=name, category=category)
        for name, category in [("Wolf", "character"), ("Forest", "place"), ("Ring", "thing")]
    ]
    context = ["Night fell over the village."]
    full, half = get_table_scorer(bf16=False), get_table_scorer(bf16=True)
    expected = full.scores(context, "A wolf ran through the woods.", cards)
    answered = half.scores(context, "A wolf ran through the woods.", cards)
    assert abs(answered - expected).max() < 0.03
    assert half.version == f"{full.version}-bf16" and not full.version.endswith("bf16")


def test_an_int8_embedders_vectors_do_not_depend_on_their_batch():
    """Dynamic int8 scales activations per pass: a card name encoded among others must still
    get the vector it gets alone (it differed by up to 0.12 of cosine), whichever call
    first cached it."""
    import numpy as np

    from referee.judge.bench import table_cards
    from referee.judge.embedding import Embedder

    names = [card.name.lower() for card in table_cards(12)]
    together = Embedder(quantized=True).encode(names)
    alone = Embedder(quantized=True)
    for name, vector in zip(names, together, strict=True):
        assert np.allclose(alone.encode([name])[0], vector, atol=1e-6), name


def test_linears_cast_once_answer_exactly_as_autocast_does():
    from referee.judge.inference import bf16_linears, precision_context

    def layers():
        torch.manual_seed(0)
        return torch.nn.Sequential(
            torch.nn.Linear(8, 16), torch.nn.LayerNorm(16), torch.nn.GELU(), torch.nn.Linear(16, 2)
        ).eval()

    inputs = torch.randn(5, 8, generator=torch.Generator().manual_seed(1))
    with torch.inference_mode(), precision_context(True):
        autocast = layers()(inputs)
        cast_once = bf16_linears(layers())(inputs)
    assert torch.equal(autocast, cast_once)
    assert cast_once.dtype == torch.bfloat16


def bert_like():
    """A two-layer BERT of the cross-encoder's kind, small, with random weights."""
    from transformers import BertForTokenClassification

    return tiny_bert(BertForTokenClassification, num_labels=1)


def test_packed_bf16_answers_close_to_float32_with_no_linear_layer_left():
    from referee.judge.inference import PackedLinear, pack_bf16, packed_linears_available

    if not packed_linears_available():
        pytest.skip("this torch has no oneDNN pre-packed linear operators")
    ids = torch.randint(0, 50, (2, 9), generator=torch.Generator().manual_seed(1))
    with torch.inference_mode():
        expected = bert_like()(input_ids=ids).logits
        packed = pack_bf16(bert_like())
        answered = packed(input_ids=ids).logits
    assert not any(isinstance(m, torch.nn.Linear) for m in packed.modules())
    assert sum(isinstance(m, PackedLinear) for m in packed.modules()) == 2 * 6 + 1
    fused = [m for m in packed.modules() if isinstance(m, PackedLinear) and m.activation == "gelu"]
    assert len(fused) == 2  # one feed-forward layer per transformer layer
    assert answered.dtype == torch.bfloat16
    assert torch.allclose(answered.float(), expected, atol=0.05)


def test_without_packed_operators_bf16_falls_back_to_autocast(monkeypatch):
    from referee.judge import inference

    monkeypatch.setattr(inference, "packed_linears_available", lambda: False)
    model = bert_like()
    assert inference.answer_in_bf16(model) is True
    dense = model.bert.encoder.layer[0].intermediate.dense
    assert isinstance(dense, torch.nn.Linear) and dense.weight.dtype == torch.bfloat16


def test_the_table_scorer_in_bf16_scores_as_in_float32():
    import numpy as np

    from referee.judge.bench import CONTEXT, SENTENCES, table_cards
    from referee.judge.cross_encoder import get_table_scorer

    cards = table_cards()
    fast, exact = get_table_scorer(bf16=True), get_table_scorer(bf16=False)
    for sentence in SENTENCES:
        gap = np.abs(fast.scores(CONTEXT, sentence, cards) - exact.scores(CONTEXT, sentence, cards))
        assert gap.max() < 0.02, sentence
