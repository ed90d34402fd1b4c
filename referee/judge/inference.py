"""Int8 inference for the judges' shared sentence embedder on CPU.

The process-wide embedder (the mention judge's spans and sentence; the
coherence judge's choice of earlier sentences) has its linear layers running
as dynamic int8 (weights stored in int8, activations quantized per call): its
forward pass is about twice as fast on two cores, and the mention judge's dev
figures did not drop (measured; the calibration is fitted on the int8
embedder's own vectors). The two trained cross-encoders stay float32: int8
moved the story NLI model's probabilities by up to 0.24 and flipped
labeling-guide examples, and cost the mention cross-encoder's second stage
most of its coverage. Training always runs in float32. ``REFEREE_QUANTIZE=0``
keeps float32 (the calibration then no longer matches exactly: refit it with
``referee build judge``).

>>> model = quantize_for_inference(torch.nn.Sequential(torch.nn.Linear(4, 2)))
>>> model.training, model(torch.ones(1, 4)).shape
(False, torch.Size([1, 2]))
"""

from __future__ import annotations

import os
import warnings
from typing import TypeVar

import torch

QUANTIZE_SETTING = "REFEREE_QUANTIZE"

Module = TypeVar("Module", bound=torch.nn.Module)


def quantization_enabled() -> bool:
    """Whether answering models run in int8 (the default) or float32 (``REFEREE_QUANTIZE=0``)."""
    return os.environ.get(QUANTIZE_SETTING, "1").strip() not in ("0", "false", "no")


def quantize_for_inference(model: Module) -> Module:
    """``model`` with its ``Linear`` layers made dynamic int8, in place (unless disabled).

    The model is put in eval mode; it can no longer be trained or take new weights.
    """
    model.eval()
    if not quantization_enabled():
        return model
    with warnings.catch_warnings():
        # torch marks eager-mode quantization as deprecated in favour of torchao; it is
        # still shipped and tested in the pinned torch, and needs no extra package.
        warnings.simplefilter("ignore")
        torch.ao.quantization.quantize_dynamic(
            model, {torch.nn.Linear}, dtype=torch.qint8, inplace=True
        )
    return model
