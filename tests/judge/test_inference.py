"""Int8 inference: the answering models are quantized unless the setting says float32."""

import torch

from referee.judge.inference import QUANTIZE_SETTING, quantize_for_inference


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
