"""The transitions of a Muzicando state: set-up, whose turn it is, and an
action carried out. The steps live by phase: deal.py (dealing, L8, D12),
bidding.py (the contract, D9, D14), play.py (D4-D7), finish.py (the end of
a deal and of the game); the layouts on the table in grid.py and columns.py;
machine.py hands each action to its phase."""

