"""The game-agnostic service core: running tables, seats and tokens, the durable store."""
