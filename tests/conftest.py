from __future__ import annotations

import os

from hypothesis import settings

from cardroom.games import load_all

load_all()

settings.register_profile("ci", max_examples=25, deadline=None)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
