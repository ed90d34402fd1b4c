"""A BERT encoder's forward pass for answering, without transformers' per-call machinery.

The judges' models are BERT encoders (MiniLM) answering one short input at a time, where
transformers' generic forward (its output containers, hooks, mask preparation and argument
checks, run for every layer) took about a third of the embedder's pass and a tenth of the
table cross-encoder's. ``encoder_states`` runs the same modules, with the same operations in
the same order, so its hidden states are those of the model's own forward bit for bit
(tested); ``lean_forward_supported`` says where that holds, and elsewhere the judges call
the model as it is. It answers only: no dropout, no gradients, no attention weights.

>>> from transformers import BertConfig, BertModel
>>> config = BertConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
...                     intermediate_size=64, vocab_size=100, attn_implementation="sdpa")
>>> model = BertModel(config).eval()
>>> ids = torch.tensor([[2, 7, 9, 3]])
>>> lean_forward_supported(model)
True
>>> torch.equal(encoder_states(model, ids), model(ids).last_hidden_state)
True
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F


def lean_forward_supported(model: object) -> bool:
    """Whether ``encoder_states`` answers exactly as ``model`` does: a transformers
    ``BertModel`` with absolute positions and scaled-dot-product attention, neither a
    decoder nor reading another sequence, in evaluation mode."""
    from transformers import BertModel

    if not isinstance(model, BertModel) or model.training:
        return False
    config = model.config
    return (
        getattr(config, "position_embedding_type", "absolute") == "absolute"
        and not config.is_decoder
        and not config.add_cross_attention
        and config._attn_implementation == "sdpa"
    )


def encoder_states(
    model: Any,
    input_ids: torch.Tensor,
    token_type_ids: torch.Tensor | None = None,
    position_ids: torch.Tensor | None = None,
    attention_mask: torch.Tensor | None = None,
) -> torch.Tensor:
    """The last hidden states of the ``BertModel`` ``model`` (``lean_forward_supported``) for
    a batch: ``input_ids`` (batch, length); ``attention_mask`` either 1/0 per token (batch,
    length), or which token may attend to which, boolean (batch, 1, length, length)."""
    embeddings = model.embeddings
    length = input_ids.shape[1]
    if token_type_ids is None:
        token_type_ids = torch.zeros_like(input_ids)
    if position_ids is None:
        position_ids = embeddings.position_ids[:, :length]
    hidden = embeddings.word_embeddings(input_ids) + embeddings.token_type_embeddings(
        token_type_ids
    )
    hidden = embeddings.LayerNorm(hidden + embeddings.position_embeddings(position_ids))
    mask = _attention_mask(attention_mask)
    for layer in model.encoder.layer:
        hidden = _layer(layer, hidden, mask)
    return hidden


def _attention_mask(mask: torch.Tensor | None) -> torch.Tensor | None:
    """The mask as scaled-dot-product attention takes it: None where every token may be read,
    else boolean (batch, 1, length, length), as transformers passes it."""
    if mask is None or (mask.dim() == 2 and bool(mask.all())):
        return None
    if mask.dim() == 2:
        keys = mask.bool()[:, None, None, :]
        return keys.expand(mask.shape[0], 1, mask.shape[1], mask.shape[1])
    return mask


def _layer(layer: Any, hidden: torch.Tensor, mask: torch.Tensor | None) -> torch.Tensor:
    """One ``BertLayer``: self-attention, then the feed-forward block, each with its residual
    and layer norm."""
    attention = layer.attention.self
    batch, length, width = hidden.shape
    heads = attention.num_attention_heads
    shape = (batch, length, heads, width // heads)
    query = attention.query(hidden).view(shape).transpose(1, 2)
    key = attention.key(hidden).view(shape).transpose(1, 2)
    value = attention.value(hidden).view(shape).transpose(1, 2)
    attended = F.scaled_dot_product_attention(
        query, key, value, attn_mask=mask, scale=attention.scaling
    )
    attended = attended.transpose(1, 2).reshape(batch, length, width)
    output = layer.attention.output
    hidden = output.LayerNorm(output.dense(attended) + hidden)
    inner = layer.intermediate.intermediate_act_fn(layer.intermediate.dense(hidden))
    return layer.output.LayerNorm(layer.output.dense(inner) + hidden)
