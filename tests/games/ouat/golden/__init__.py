"""Golden replay data for OUAT and the script that makes it."""
