"""Which of a live take's words are settled (SPEC K): the words two passes over the growing audio agree on.

Whisper is not a streaming model: it hears a window of audio whole. The live engine runs it again and again over
the take's audio as it grows, and a word is settled once two passes in a row heard it in the same place: what a
pass says about the last second of audio (a word cut in half, a guess) changes on the next, what two agree on
rarely does. This is the "local agreement" of whisper_streaming (Macháček et al., 2023). At a pause, or at the end,
everything heard is settled at once.

Pure logic, no model: test_live.py drives it with made-up passes.
"""

import re
from typing import NamedTuple


class Word(NamedTuple):
    """A word heard, with its times in seconds of the take."""
    text: str
    start: float
    end: float


def key(text):
    """What two passes must agree on: the word without case or punctuation ("Dog." and "dog" agree)."""
    return re.sub(r"[^\w']", "", text.lower())


# A pass's words starting this long before the last settled word's end are taken as that word heard again.
OVERLAP_TOLERANCE = 0.1
# The longest run of words that a pass may repeat from the settled ones (whisper, prompted with them, sometimes
# begins by saying them again).
LONGEST_REPEAT = 5


class Agreement:
    """The settled words' end, and the last pass's words past it (the tentative ones)."""

    def __init__(self):
        self.settled_end = 0.0
        self.settled_tail = []  # the last LONGEST_REPEAT settled words' keys
        self.tentative = []

    def insert(self, words):
        """Takes one pass's words (times in the take) and returns the words newly settled by it."""
        fresh = [w for w in words if w.start > self.settled_end - OVERLAP_TOLERANCE and key(w.text)]
        fresh = self._without_repeat(fresh)
        agreed = 0
        while (agreed < len(fresh) and agreed < len(self.tentative)
               and key(fresh[agreed].text) == key(self.tentative[agreed].text)):
            agreed += 1
        settled, self.tentative = fresh[:agreed], fresh[agreed:]
        self._settle(settled)
        return settled

    def settle_all(self):
        """At a pause or the end: the tentative words are settled as they are. Returns them."""
        settled, self.tentative = self.tentative, []
        self._settle(settled)
        return settled

    def _without_repeat(self, fresh):
        """`fresh` less a first run of words that are the last settled words said again."""
        if not fresh or not self.settled_tail or fresh[0].start - self.settled_end > 1.0:
            return fresh
        for n in range(min(LONGEST_REPEAT, len(fresh), len(self.settled_tail)), 0, -1):
            if [key(w.text) for w in fresh[:n]] == self.settled_tail[-n:]:
                return fresh[n:]
        return fresh

    def _settle(self, words):
        if words:
            self.settled_end = max(self.settled_end, words[-1].end)
            self.settled_tail = (self.settled_tail + [key(w.text) for w in words])[-LONGEST_REPEAT:]


# Whisper stuck in a loop says the same few words again and again ("Five. Five. Five. ..."), most often over a
# short window of little speech; people say a phrase three times in a row far more rarely than Whisper loops.
LONGEST_LOOP = 4
MOST_REPEATS = 2


def without_loops(words):
    """`words` with any run of the same one to LONGEST_LOOP words said more than MOST_REPEATS times in a row cut
    back to MOST_REPEATS times ("five five" stays; "five five five five" is "five five")."""
    kept = list(words)
    for n in range(1, LONGEST_LOOP + 1):
        i = 0
        while i + n <= len(kept):
            unit = [key(w.text) for w in kept[i:i + n]]
            repeats = 1
            while [key(w.text) for w in kept[i + repeats * n:i + (repeats + 1) * n]] == unit:
                repeats += 1
            if repeats > MOST_REPEATS:
                del kept[i + MOST_REPEATS * n:i + repeats * n]
            i += 1
    return kept


def phrase_of(words):
    """The protocol's phrase for words settled together: their text and times, or None for no words."""
    if not words:
        return None
    return {"text": " ".join(w.text for w in words), "start": round(words[0].start, 2),
            "end": round(max(words[-1].end, words[0].start), 2)}
