"""Study: a private spaced-repetition deck for every player (issue 34), fed by what they missed.

``deck.Study`` is the service both front doors use; ``store`` holds its SQL, ``schedule`` its
FSRS use and grading, ``cards`` the card kinds and answer checking, ``text`` the words."""
