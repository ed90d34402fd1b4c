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

The mention cross-encoder answers in bfloat16 on the kinds of CPU where it was
measured to be faster (``bf16_pays``, read from the CPU's flags and vendor, never
timed, so that a process started on a busy machine gives the same verdicts): 1.5 to
2.7 times faster on an AMD EPYC with ``avx512_bf16``, but slower than float32 on an
Intel VM showing ``avx512_bf16`` without AMX (the 30-card table p95 76 ms against
48 ms, 2026-12-01), so the flag alone cannot decide. It runs wholly in bfloat16 with
its linear layers' weights pre-packed by oneDNN once (``pack_bf16``), or, where
torch lacks those operators, under ``torch.autocast`` with its linear layers'
weights cast once (``bf16_linears``). Under autocast, bfloat16 moved scores by at
most 0.014 on our calibration set, dev and the table plays (705 verdicts); pre-packed,
see ``pack_bf16``.
``REFEREE_BF16=0`` keeps float32 everywhere, ``REFEREE_BF16=1`` forces bfloat16.
Calibrations are always fitted on float32 scores.

>>> model = quantize_for_inference(torch.nn.Sequential(torch.nn.Linear(4, 2)))
>>> model.training, model(torch.ones(1, 4)).shape
(False, torch.Size([1, 2]))
"""

from __future__ import annotations

import contextlib
import os
import warnings
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

import torch

QUANTIZE_SETTING = "REFEREE_QUANTIZE"
BF16_SETTING = "REFEREE_BF16"
OFF = ("0", "false", "no")
ON = ("1", "true", "yes")

Module = TypeVar("Module", bound=torch.nn.Module)


def quantization_enabled() -> bool:
    """Whether answering models run in int8 (the default) or float32 (``REFEREE_QUANTIZE=0``)."""
    return os.environ.get(QUANTIZE_SETTING, "1").strip() not in OFF


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


@lru_cache(maxsize=1)
def bf16_pays(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """Whether this CPU is of a kind measured to answer faster in bfloat16: one with AMX
    (``amx_bf16``), or an AMD one with ``avx512_bf16`` (an AMD EPYC: 1.5 to 2.7 times faster).
    An Intel CPU showing ``avx512_bf16`` without AMX ran it slower than float32 (a layer of the
    cross-encoder's shape 2.3 ms against 1.5 ms), and CPUs without either flag have no native
    bfloat16, so both keep float32; so does a machine whose CPU cannot be read.

    Read from the CPU's identity, never timed: a timing taken while the machine is busy would
    choose float32 in one process and bfloat16 in the next, and the same sentence could get
    two verdicts from the same service (measured 2026-12-07: a dev case near a band went from
    `vote` to `reject`).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     cpu = Path(folder) / "cpuinfo"
    ...     _ = cpu.write_text("vendor_id : GenuineIntel\\nflags : avx512f avx512_bf16\\n")
    ...     bf16_pays.__wrapped__(cpu)
    False
    """
    try:
        text = cpuinfo.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    lines = text.splitlines()
    flags = {flag for line in lines if line.startswith("flags") for flag in line.split()}
    vendors = {line.split(":", 1)[-1].strip() for line in lines if line.startswith("vendor_id")}
    amd = vendors == {"AuthenticAMD"}
    return "amx_bf16" in flags or ("avx512_bf16" in flags and amd)


def bf16_enabled() -> bool:
    """Whether the mention cross-encoder answers in bfloat16: ``REFEREE_BF16`` (``0`` or ``1``),
    else where this kind of CPU was measured to answer faster in it (``bf16_pays``)."""
    value = os.environ.get(BF16_SETTING, "auto").strip().lower()
    if value in OFF:
        return False
    if value in ON:
        return True
    return bf16_pays()


def precision_context(bf16: bool) -> contextlib.AbstractContextManager[object]:
    """``torch.autocast`` to bfloat16 on CPU when ``bf16``, else a context that does nothing.

    >>> with precision_context(False):
    ...     torch.ones(2, 2) @ torch.ones(2, 2)
    tensor([[2., 2.],
            [2., 2.]])
    """
    if bf16:
        return torch.autocast("cpu", dtype=torch.bfloat16)
    return contextlib.nullcontext()


def bf16_linears(model: Module) -> Module:
    """Store ``model``'s linear layers in bfloat16, for answering under ``precision_context``.

    Autocast casts every linear layer's float32 weights to bfloat16 again on each
    call; cast once, they give the same bfloat16 values, so the answers are identical
    (tested) and the 30-card table's pass is about a quarter faster. Layer norms and
    embeddings stay float32, as autocast runs them. Answer only under autocast after this.

    >>> model = bf16_linears(torch.nn.Sequential(torch.nn.Linear(4, 2), torch.nn.LayerNorm(2)))
    >>> model[0].weight.dtype, model[1].weight.dtype
    (torch.bfloat16, torch.float32)
    """
    for module in model.modules():
        if isinstance(module, torch.nn.Linear):
            module.to(torch.bfloat16)
    return model


def packed_linears_available() -> bool:
    """Whether this torch build has oneDNN's pre-packed linear operators (``torch.ops.mkldnn``,
    which ``torch.compile`` uses on CPU); where it has not, bfloat16 runs under autocast."""
    ops = torch.ops.mkldnn
    return (
        torch.backends.mkldnn.is_available()
        and hasattr(ops, "_reorder_linear_weight")
        and hasattr(ops, "_linear_pointwise")
    )


class PackedLinear(torch.nn.Module):
    """A linear layer in bfloat16 whose weight oneDNN lays out for its kernel once, at load,
    optionally with the GELU that follows it fused in (``activation="gelu"``).

    Its products are those of ``torch.nn.functional.linear`` in bfloat16, bit for bit; a
    fused GELU is applied before the product is rounded to bfloat16, so it differs from a
    GELU after the layer by bfloat16's rounding only.

    >>> linear = torch.nn.Linear(4, 3)
    >>> inputs = torch.randn(2, 5, 4).to(torch.bfloat16)
    >>> expected = torch.nn.functional.linear(
    ...     inputs, linear.weight.to(torch.bfloat16), linear.bias.to(torch.bfloat16))
    >>> torch.equal(PackedLinear(linear)(inputs), expected)
    True
    """

    def __init__(self, linear: torch.nn.Linear, activation: str = "none", rows: int = 192) -> None:
        """Pack ``linear``'s weight, laid out for products of about ``rows`` rows (any
        number of rows is answered exactly; the hint only tunes the layout)."""
        super().__init__()
        weight = linear.weight.detach().to(torch.bfloat16)
        self.out_features = int(weight.shape[0])
        self.weight = torch.ops.mkldnn._reorder_linear_weight(weight, rows)
        bias = linear.bias
        self.bias = None if bias is None else bias.detach().to(torch.bfloat16)
        self.activation = activation

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:
        """The layer's output for bfloat16 ``inputs`` of any leading shape."""
        algorithm = "none" if self.activation == "gelu" else ""
        flat = inputs.reshape(-1, inputs.shape[-1])
        output = torch.ops.mkldnn._linear_pointwise(
            flat, self.weight, self.bias, self.activation, [], algorithm
        )
        return output.reshape(*inputs.shape[:-1], self.out_features)


def pack_bf16(model: Module) -> Module:
    """``model`` wholly in bfloat16, its linear layers ``PackedLinear`` and the GELU after each
    intermediate (feed-forward) layer fused into it, in place. Answer *without* autocast after
    this: every tensor is already bfloat16, so no layer casts its input (autocast's casts took
    8% of the mention cross-encoder's pass and the separate GELU 4%; with the packed layout the
    pass is 10-18% faster, measured in ``benchmarks/README.md``). Against
    float32 it moved the mention judge's scores by at most 0.011 over 1,715 verdicts (our
    calibration set, the table plays and five probe sets) and changed 2 of them.
    """
    from transformers.activations import GELUActivation

    model.to(torch.bfloat16)
    for module in list(model.modules()):
        dense = getattr(module, "dense", None)
        act = getattr(module, "intermediate_act_fn", None)
        if (
            isinstance(dense, torch.nn.Linear)
            and isinstance(act, GELUActivation)
            and act.act is torch.nn.functional.gelu
        ):
            module.dense = PackedLinear(dense, "gelu")
            module.intermediate_act_fn = torch.nn.Identity()
    for module in list(model.modules()):
        for name, child in list(module.named_children()):
            if isinstance(child, torch.nn.Linear):
                setattr(module, name, PackedLinear(child))
    return model


def answer_in_bf16(model: Module) -> bool:
    """Make ``model`` answer in bfloat16: pre-packed where oneDNN's operators exist
    (``pack_bf16``; returns False, run it as it is), else its linear layers cast once
    (``bf16_linears``; returns True, run it under ``precision_context(True)``)."""
    if packed_linears_available():
        pack_bf16(model)
        return False
    bf16_linears(model)
    return True
