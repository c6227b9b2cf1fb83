"""Team matches: the third format of a tournament (docs/rules.md «Командный турнир»)."""
