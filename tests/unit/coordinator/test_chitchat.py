import pytest

from coordinator.chitchat import is_chitchat


@pytest.mark.parametrize(
    "line",
    [
        "¿qué tal?",
        "Buenas, ¿qué tal todo?",
        "¿cómo estás?",
        "¿y tú?",
        "how are you?",
        "Good morning! How are you today?",
        "what's up?",
        "hey, how's it going?",
    ],
)
def test_greetings_said_as_questions_are_chitchat(line: str) -> None:
    assert is_chitchat(line)


@pytest.mark.parametrize(
    "line",
    [
        "¿qué tal el NAS?",
        "¿cómo va el proyecto?",
        "how are you doing with the backups?",
        "what did you do today?",
        "is it up?",  # asks about something said before
        "what is new today?",
        "what's new today?",
        "what's up today?",
        "¿qué pasa hoy?",
        "¿qué tal hoy?",
        "what's new?",
        "what is the NAS IP?",
        "",
    ],
)
def test_a_question_that_names_or_asks_about_something_is_not(line: str) -> None:
    assert not is_chitchat(line)
