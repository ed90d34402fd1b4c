"""Running tables: where claims meet the judge before they reach the rules."""
