from coordinator.bookkeeping import BOOKKEEPING, left_out


def test_a_question_about_something_else_leaves_out_every_bookkeeping_kind() -> None:
    assert left_out("where is the telescope?") == BOOKKEEPING
    assert left_out("¿dónde está el telescopio?") == BOOKKEEPING


def test_a_question_about_sessions_or_skills_hears_their_lines_in_either_language() -> None:
    assert "session-summary" not in left_out("what did we do in the last session?")
    assert "session-summary" not in left_out("¿qué hicimos en la última sesión?")
    assert "skill-activation" not in left_out("which skills ran yesterday?")
    assert "skill-activation" not in left_out("¿qué habilidades se activaron ayer?")
    assert "skill-activation" in left_out("what did we do in the last session?")
