"""Routing that generalizes: cue rules, the classifier, no lost statement, supersede."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from coordinator import Lab
from coordinator.cli import cli
from coordinator.route_model import shipped_model


@pytest.mark.integration  # needs MiniLM's sense of meaning
@pytest.mark.parametrize(
    ("text", "layer", "kind"),
    [
        (
            "How to update Home Assistant: ssh in, run ha core update, then check the logs.",
            "skill",
            "procedure",
        ),
        (
            "Whenever I say 'lights out', turn off every smart plug except the fridge.",
            "skill",
            "procedure",
        ),
        ("Para reiniciar el NAS, ejecuta sudo reboot desde la consola.", "skill", "procedure"),
        ("In this conversation, 'the big one' means the 8-GPU server.", "session", "note"),
        ("Por ahora, 'el grande' significa el servidor de 8 GPUs.", "session", "note"),
        ("Lesson: always check free disk space before upgrading Pi-hole.", "memory", "lesson"),
        ("Decision: backups go to Backblaze B2 from now on.", "memory", "decision"),
        ("Convention: hosts are named after birds.", "memory", "convention"),
        ("Policy: no shared accounts on the NAS.", "memory", "policy"),
        ("Lección: nunca actualizar el kernel un viernes.", "memory", "lesson"),
        ("TODO renew the TLS certificate for the wiki", "daily", "task"),
    ],
)
def test_explicit_cues_decide(lab: Lab, text: str, layer: str, kind: str) -> None:
    route = lab.services.router().route(text)
    assert (route.layer, route.kind) == (layer, kind), route.reason
    assert route.reason.startswith("rule:")


def test_in_project_names_the_project(lab: Lab) -> None:
    route = lab.services.router().route("In project homepage, the dev server runs on 5173.")
    assert (route.layer, route.project) == ("project", "homepage")
    spanish = lab.services.router().route("En el proyecto cocina, el horno va a la izquierda.")
    assert (spanish.layer, spanish.project) == ("project", "cocina")


def test_a_reason_quotes_only_words_of_the_text(lab: Lab) -> None:
    router = lab.services.router()
    for text in [
        "Lesson: always check free disk space before upgrading Pi-hole.",
        "Restarted the Jellyfin container after it ran out of memory.",
        "I'd rather get answers in Spanish.",
        "El NAS está en el armario del pasillo.",
        "thanks, that's all for today",
    ]:
        reason = router.route(text).reason
        for quoted in re.findall(r"'([^']+)'", reason):
            assert quoted in text, (quoted, text)


def test_the_shipped_model_names_its_corpus() -> None:
    model = shipped_model()
    assert re.fullmatch(r"[0-9a-f]{64}", model.corpus_sha256)
    assert {c.split("/")[0] for c in model.classes} == {
        "memory",
        "daily",
        "session",
        "skill",
        "project",
        "none",
    }


def test_the_shipped_router_reads_the_multilingual_embedding() -> None:
    assert shipped_model().embedders == ("use-multilingual-v3",)


def test_under_the_hashing_fallback_words_and_cues_decide() -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    embedder = HashingEmbedder()
    assert not shipped_model().embedding(embedder, "El NAS está en el pasillo.").any()
    route = Router(embedder).route("Restarted the Jellyfin container after it ran out of RAM.")
    assert route.layer == "daily", route.reason


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("tesis: terminar el capitulo 2 antes de la reunion de comite", "tesis-anfibios"),
        ("R75 todo: send the cylinder heads off for new valve seats", "r75-resto"),
        ("gala todo - ask the vicar about the vestry", "winter-gala"),
        ("nota estación los robles: el camino se corta con lluvia", "estacion-los-robles"),
        # The heading names the project in other words: the other language, a stem.
        ("migración a nextcloud: falta copiar los calendarios", "nextcloud-migration"),
        ("cámara de la puerta: comprar otro soporte", "door-camera"),
        ("boiler swap (from the quote) - ask about the flue", "boiler-replacement"),
    ],
)
def test_a_note_headed_with_a_project_name_is_filed_there(text: str, project: str) -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    known = [
        "tesis-anfibios",
        "r75-resto",
        "winter-gala",
        "estacion-los-robles",
        "nextcloud-migration",
        "door-camera",
        "boiler-replacement",
    ]
    route = Router(HashingEmbedder(), known).route(text)
    assert (route.layer, route.project) == ("project", project), route.reason
    assert route.reason.startswith("rule: a note headed")


def test_a_word_of_a_project_name_inside_a_sentence_is_no_heading() -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    router = Router(HashingEmbedder(), ["winter-gala", "door-camera"])
    assert router.heading("The winter was long: the pipes froze twice.") is None
    assert router.heading("Yesterday I fixed the back door of the shed: new hinges") is None
    # A procedure titled by what it does is no project note.
    steps = "fixing the camera: unplug it, hold reset ten seconds, re-pair it in the app"
    assert router.heading(steps) is None


@pytest.mark.parametrize(
    ("text", "layer"),
    [
        ("did the stocktake this afternoon", "daily"),
        ("did 3 hours of invoices today", "daily"),
        ("did the job finish?", "none"),
        ("did carla send the drawings", "none"),
    ],
)
def test_something_done_today_said_without_its_subject_is_no_question(
    text: str, layer: str
) -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    route = Router(HashingEmbedder()).route(text)
    assert route.layer == layer, route.reason


def test_a_question_given_to_remember_is_not_stored(lab: Lab, home: Path) -> None:
    before = (home / "MEMORY.md").read_text()
    receipt = lab.remember("Is the NAS backed up offsite?")
    assert receipt.status == "not_stored" and receipt.layer is None and receipt.id is None
    assert "labmem ask" in receipt.reason
    assert (home / "MEMORY.md").read_text() == before
    assert not (home / "memory" / "2026-11-29.md").exists()


def test_cli_says_use_ask_for_a_question_exit_2(home: Path) -> None:
    result = CliRunner().invoke(cli, ["remember", "Is the NAS backed up offsite?"])
    assert result.exit_code == 2
    assert "that is a question — use `labmem ask`" in result.output


def test_a_project_route_without_a_name_is_never_lost(lab: Lab, home: Path) -> None:
    text = "The tool 'labctl' takes a host name and an action."
    kept = lab.remember(text, layer="project")
    assert kept.status == "written" and kept.layer == "daily"
    assert "no project named" in kept.reason and "--project NAME" in kept.reason
    assert text in (home / kept.path).read_text()
    lab.projects.create("tools")
    lab.boot(project="tools")
    filed = lab.remember(text, layer="project")
    assert (filed.layer, filed.path) == ("project", "projects/tools/NOTES.md")
    assert "active project 'tools'" in filed.reason


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_a_changed_value_supersedes_the_old_entry(lab: Lab, home: Path) -> None:
    old = lab.remember("The NAS is at 192.168.1.20.", layer="memory")
    new = lab.remember("The NAS moved, it is at 10.0.0.5 now.", layer="memory")
    assert new.status == "superseded" and new.id != old.id
    assert new.supersedes == {"id": old.id, "text": "The NAS is at 192.168.1.20."}
    assert f'superseded {old.id} ("The NAS is at 192.168.1.20.")' in new.reason
    records = {r.id: r for r in lab.memory_records()}
    assert records[old.id].superseded_by == new.id and not records[old.id].active
    assert records[new.id].supersedes == old.id
    assert new.to_json()["supersedes"]["id"] == old.id


def test_an_unsure_match_is_similar_and_says_how_to_supersede(lab: Lab) -> None:
    old = lab.remember("The NAS is at 10.0.0.5.", layer="memory")
    near = lab.remember("The NAS is at 10.0.0.6.", layer="memory")
    assert near.status == "similar" and near.similar_to == [old.id]
    assert f'similar to {old.id} ("The NAS is at 10.0.0.5.")' in near.reason
    assert f"labmem supersede {old.id} --by {near.id}" in near.reason
    assert "supersedes" not in near.to_json()


def test_supersede_command_retires_the_older_entry(home: Path) -> None:
    runner = CliRunner()
    first = json.loads(
        runner.invoke(
            cli, ["remember", "Backups run at 02:00.", "--layer", "memory", "--json"]
        ).stdout
    )
    second = json.loads(
        runner.invoke(
            cli, ["remember", "Backups run at 03:30.", "--layer", "memory", "--json"]
        ).stdout
    )
    result = runner.invoke(cli, ["supersede", first["id"], "--by", second["id"]])
    assert result.exit_code == 0, result.output
    text = (home / "MEMORY.md").read_text()
    assert f"superseded_by={second['id']}" in text and f"supersedes={first['id']}" in text
    bad = runner.invoke(cli, ["supersede", first["id"], "--by", first["id"]])
    assert bad.exit_code == 1 and "cannot supersede itself" in bad.output


def test_chat_stores_no_small_talk(lab: Lab, home: Path) -> None:
    from coordinator.session.chat import handle_line

    out: list[str] = []
    handle_line(lab, "thanks, that was great", out.append)
    assert out[-1].startswith("not stored: that is small talk")
    assert not (home / "memory" / "2026-11-29.md").exists()


def test_import_routes_auto_items_like_remember(lab: Lab, home: Path) -> None:
    report = lab.import_entries(
        [
            {"layer": "auto", "text": "Lesson: label every disk.", "time": "2026-11-20T09:00:00Z"},
            {
                "layer": "auto",
                "text": "In project homepage, the build uses Vite.",
                "time": "2026-11-20T09:05:00Z",
            },
            {
                "layer": "auto",
                "text": "In this conversation 'the box' is the NAS.",
                "time": "2026-11-20T09:10:00Z",
            },
            {"layer": "auto", "text": "", "time": "2026-11-20T09:15:00Z"},
        ]
    )
    assert (report.written, report.refused) == (3, 1)
    assert "Lesson: label every disk." in (home / "MEMORY.md").read_text()
    assert "Vite" in (home / "projects/homepage/NOTES.md").read_text()
    assert "'the box' is the NAS" in (home / "memory/2026-11-20.md").read_text()


@pytest.mark.parametrize(
    ("text", "layer", "kind"),
    [
        ("what's the nas ip", "none", "question"),
        ("cual es la ip del nas", "none", "question"),
        ("is the NAS backed up offsite", "none", "question"),
        ("cómo se hace un backup del NAS", "none", "question"),
        ("remind me, what's the difference between top-k and top-p again?", "none", "question"),
        ("recuérdame llamar a Pilar mañana por lo del IVA", "daily", "task"),
        ("¿Me puedes recordar el jueves que hay reunión del cole?", "daily", "task"),
        ("Can you remind me on Monday to buy the conference ticket?", "daily", "task"),
        ("remember to ask Hannah about the GPU quota", "daily", "task"),
        ("para esta conversación, 'el grande' es el servidor de 8 GPUs", "session", "note"),
        ("For now, 'the box' means the Synology.", "session", "note"),
        ("Let's assume the users table has 2M rows.", "session", "note"),
        ("did the offsite sync finish", "none", "question"),
        ("tienes apuntado cuándo vence el seguro", "none", "question"),
        ("Recuérdame que el lunes hay que renovar el dominio", "daily", "task"),
        ("turn these meeting notes into three bullet points", "session", "task"),
        ("give me two options for the slide title", "none", "request"),
        ("tradúceme este correo al inglés", "session", "task"),
        ("convierte esta lista de IPs en una tabla", "session", "task"),
        ("siempre que te pida un resumen, hazlo en tres viñetas", "skill", "procedure"),
        ("Cómo se hace el backup del NAS: parar las VMs, snapshot y rsync.", "skill", "procedure"),
        (
            "Last time the runner hung I restarted it and cleared _work. That's the drill.",
            "skill",
            "procedure",
        ),
    ],
)
def test_cue_rules_in_english_and_spanish(lab: Lab, text: str, layer: str, kind: str) -> None:
    route = lab.services.router().route(text)
    assert (route.layer, route.kind) == (layer, kind), route.reason
    assert route.reason.startswith("rule:")


@pytest.mark.parametrize(
    "text",
    [
        "para esta conversa haz de revisor hostil, criticame todo",
        "let's brainstorm gala titles here, no need to save any of it",
        "Supón que el presupuesto para el verano es 2.500€.",
        "revisemos juntas los números de ayer",
        "park the Bazel question, we'll come back to it after lunch",
        "Estado ahora: usuario creado, licencia asignada, falta el buzón compartido.",
        "quick context: Laura is watching tv next to me so keep suggestions non-disruptive",
    ],
)
def test_session_phrasing_in_english_and_spanish(lab: Lab, text: str) -> None:
    route = lab.services.router().route(text)
    assert route.layer == "session", route.reason
    assert route.reason.startswith("rule: session hint")


@pytest.mark.parametrize(
    "text",
    [
        "Todo papel importante se escanea el mismo día que llega.",  # "Todo" is "all", not TODO
        "What I learned today: the UPS needs a new battery.",  # a heading, not a question
        "Para scripts, PowerShell antes que .bat, siempre.",  # "para" + a noun, not a procedure
        "CI was red all morning; pinned ubuntu 22.04 for now.",  # "for now" inside: a cue only
        "Give me metric units, never imperial.",  # a lasting preference, not work for this chat
        "Draft the budget note for Monday's meeting.",  # a to-do for later, not this chat
    ],
)
def test_look_alikes_are_not_decided_by_a_rule(lab: Lab, text: str) -> None:
    assert lab.services.router().route(text).reason.startswith("classifier:")


def test_a_question_without_a_question_mark_is_not_stored(lab: Lab, home: Path) -> None:
    before = (home / "MEMORY.md").read_text()
    for text in ("what's the nas ip", "cual es la ip del nas"):
        receipt = lab.remember(text)
        assert receipt.status == "not_stored" and "labmem ask" in receipt.reason
    assert (home / "MEMORY.md").read_text() == before


def test_a_known_project_named_in_a_fact_files_it_there(lab: Lab) -> None:
    from coordinator.router import Router

    router = Router(lab.services.router().embedder, known_projects=["tidepool"])
    route = router.route("The Lesson from tidepool: warn about breaking changes a release ahead.")
    assert (route.layer, route.project) == ("project", "tidepool")
    pitfall = router.route("Ojo en tidepool: los symlinks relativos se rompen.")
    assert (pitfall.layer, pitfall.kind, pitfall.project) == ("project", "pitfall", "tidepool")


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_a_change_far_below_similar_still_supersedes(lab: Lab) -> None:
    old = lab.remember("Ollama runs on the gaming PC with the RTX 3080.", layer="memory")
    new = lab.remember("the ollama box is the 4090 machine now", layer="memory")  # 0.36
    assert new.status == "superseded", new.reason
    assert new.supersedes == {
        "id": old.id,
        "text": "Ollama runs on the gaming PC with the RTX 3080.",
    }
    added = lab.remember("We also use Tailscale for the family's devices.", layer="memory")
    assert added.status in {"written", "similar"}, added.reason


def test_a_project_named_in_prose_with_spaces_or_accents_is_found() -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    router = Router(HashingEmbedder(), known_projects=["winter-gala", "menu-otono", "homelab"])
    assert router.project_in("Booked the hall for the Winter Gala on the 12th") == "winter-gala"
    assert router.project_in("el menú de otoño lleva crema de calabaza") == "menu-otono"
    assert router.project_in("the winter was cold") is None


def test_asking_to_be_told_something_is_a_question_not_a_fact() -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    router = Router(HashingEmbedder())
    for text in (
        "dime la IP del NAS",
        "recuérdame la IP del NAS",
        "tell me the NAS IP",
        "remind me the UPS runtime",
        "dime qué decidimos sobre las copias",
    ):
        assert router.route(text).layer == "none", text
    for text in ("recuérdame que llame a Ana", "remind me to call Ana"):
        assert router.route(text).layer == "daily", text


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("para el horno, el de la marca italiana tiene 2 años de garantía", "horno-nuevo"),
        ("for the lift, the garage slab is 150mm, fine for the low rise one", "garage-lift"),
        ("en la reforma de la cocina ponemos suelo de resina", "kitchen-reno"),
        ("For dan's podcast I'll deliver stems plus a stereo master", "podcast-mix"),
        ("lo del horno al final lo instalan en marzo", "horno-nuevo"),
    ],
)
def test_a_statement_opening_with_a_project_as_its_topic_is_filed_there(
    text: str, project: str
) -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    known = ["horno-nuevo", "garage-lift", "kitchen-reno", "podcast-mix", "bot-pedidos"]
    route = Router(HashingEmbedder(), known).route(text)
    assert (route.layer, route.project) == ("project", project), route.reason
    assert route.reason.startswith("rule: a note about")
    quoted = re.findall(r"'([^']+)'", route.reason)
    assert quoted and all(q in text for q in quoted)


def test_a_common_word_of_a_project_inside_a_sentence_decides_nothing_alone() -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    router = Router(HashingEmbedder(), ["organoid-paper", "minecraft-server"])
    assert router.project_in("the paper got accepted at eLife") is None
    assert router.project_in("the server is down again") is None
    assert router.project_hinted("the paper got accepted at eLife") == "organoid-paper"


@pytest.mark.parametrize(
    "text",
    [
        "write me a quick birthday message for my brother",
        "escríbeme un mensaje para felicitar a mi prima",
        "hazme una lista de la compra para una paella para 6",
        # A time said with a demonstrative is no material at hand; quoted material comes
        # with the request itself.
        "escríbeme un correo para Luis pidiéndole el parte de horas de este mes",
        "make me a summary of this month's sales",
        'translate this into Spanish: "the parcel is on its way"',
        "tradúceme esto al inglés: «el pedido ya está en camino»",
    ],
)
def test_a_one_off_request_is_not_remembered(text: str) -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    route = Router(HashingEmbedder()).route(text)
    assert (route.layer, route.kind) == ("none", "request"), route.reason


@pytest.mark.parametrize(
    "text", ["sort these counts from high to low", "hazme un resumen de lo que hemos hablado"]
)
def test_work_on_what_is_at_hand_is_the_sessions_task(text: str) -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    route = Router(HashingEmbedder()).route(text)
    assert (route.layer, route.kind) == ("session", "task"), route.reason


def test_remember_given_a_one_off_request_stores_nothing_and_says_so(lab: Lab, home: Path) -> None:
    before = (home / "MEMORY.md").read_text()
    receipt = lab.remember("write me a quick birthday message for my brother")
    assert (receipt.status, receipt.layer, receipt.kind) == ("not_stored", None, "request")
    assert "one-off request" in receipt.reason
    assert (home / "MEMORY.md").read_text() == before


@pytest.mark.parametrize(
    "text",
    [
        'if i type "sick day" email the cover supervisor with my lesson plans',
        'every time i say "rivet walk" start a 45 min timer',
        'si escribo "sin stock" seguido de un producto, márcalo como agotado',
        'cada viernes que te diga "pedidos finde" me haces la lista de producción',
    ],
)
def test_a_quoted_phrase_the_user_will_send_is_a_standing_trigger(text: str) -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    route = Router(HashingEmbedder()).route(text)
    assert (route.layer, route.kind) == ("skill", "procedure"), route.reason


def test_a_phrase_being_defined_is_no_trigger() -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    router = Router(HashingEmbedder())
    alias = router.route('Cuando digo "la casa de Segovia" me refiero al piso de mi madre.')
    assert alias.layer != "skill", alias.reason
    scoped = router.route('for this convo when i say "the band" i mean the year 8 rock group')
    assert scoped.layer == "session", scoped.reason


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "Notes from today: replaced the UPS battery",
            "Notes from today: replaced the UPS battery",
        ),
        ("Remembered to water the orchids", "Remembered to water the orchids"),
        ("Notebook battery died again", "Notebook battery died again"),
        ("Keep in mindfulness class on Tuesdays", "Keep in mindfulness class on Tuesdays"),
        ("Remember that the NAS is at 10.0.0.5", "The NAS is at 10.0.0.5"),
        ("Note: the saw blade is dull", "The saw blade is dull"),
    ],
)
def test_only_a_whole_remember_word_is_taken_off(text: str, kept: str) -> None:
    from coordinator.router import strip_intent

    assert strip_intent(text)[0] == kept


@pytest.mark.parametrize(
    ("text", "layer", "project"),
    [
        # The hint's words are the project's name: a note about the talk, not this chat.
        ("para la charla de los ganaderos decidí no usar jerga", "project", "charla-ganaderos"),
        ("for the chat bot: answers stay under 200 words", "project", "chat-bot"),
        # The conversation at hand, whatever project has the word.
        ("para esta charla respóndeme en inglés", "session", None),
        ("for this chat the chat bot is down, ignore it", "session", None),
        ("para la charla, usa frases cortas", "session", None),
    ],
)
def test_a_session_hint_inside_a_project_name_is_the_project(
    text: str, layer: str, project: str | None
) -> None:
    from coordinator.router import Router
    from memory.search.embedders import MiniLMEmbedder

    route = Router(MiniLMEmbedder(), ["charla-ganaderos", "chat-bot"]).route(text)
    assert (route.layer, route.project) == (layer, project), route


@pytest.mark.parametrize(
    "text",
    [
        "only the budget today, leave the hiring plan out of it",
        "let's keep to the invoices today, don't bring up the taxes",
        "hoy solo vemos la red, lo de las cámaras otro día",
        "vamos factura por factura, empezando por la de enero",
        "go through my slides one at a time",
        "pretend you're my landlord and I'll practise the call",
        "haz como si fueras el tribunal de la tesis",
        "I'm on a train with bad signal, keep answers short",
        "estoy en el coche con prisa, contesta en dos líneas",
    ],
)
def test_a_statement_that_steers_the_talk_is_session_context(text: str) -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    route = Router(HashingEmbedder()).route(text)
    assert route.layer == "session", route.reason
    assert route.reason.startswith("rule: steers this conversation")


@pytest.mark.parametrize(
    "text",
    [
        "went through the invoices one by one this morning",  # done: the day's event
        "revisé las facturas una a una",
        "To bleed the radiators: open them one by one, starting upstairs.",  # a procedure
        "we sit side by side in the office",
        "apunta cómo se sangra el radiador: abres las llaves una a una y esperas al agua",
        "is it better to go line by line?",
    ],
)
def test_a_steer_told_as_done_or_inside_a_procedure_is_not_session(text: str) -> None:
    from coordinator.router import Router
    from coordinator.steering import steers_the_talk
    from memory.search.embedders import HashingEmbedder

    route = Router(HashingEmbedder()).route(text)
    assert not route.reason.startswith("rule: steers"), (text, steers_the_talk(text))


def test_a_fact_that_shares_words_with_one_projects_notes_is_filed_there(lab: Lab) -> None:
    for note in ("Goal race: the Ice Age 50k in La Grange", "Long runs on Saturdays"):
        lab.remember(note, layer="project", project="ultra-training")
    lab.remember("I work night shifts at the ER.", layer="memory")
    receipt = lab.remember("Ice Age 50k is May 10, that's the goal race")
    assert receipt.layer == "project", receipt.reason
    assert "projects/ultra-training/" in str(receipt.path)
    assert "as in the notes of project 'ultra-training'" in receipt.reason
    assert "'Ice'" in receipt.reason  # the statement's own words, as written
    other = lab.remember("My resting heart rate is 48.")
    assert other.layer == "memory", other.reason


def test_the_workspace_is_read_again_once_a_note_is_filed(lab: Lab) -> None:
    lab.remember("Quote for the wrap: $1,900", layer="project", project="van-wrap")
    first = lab.services.workspace_evidence()
    assert lab.services.workspace_evidence() is first  # nothing changed: not read again
    lab.remember("The Avery vinyl is matte black", layer="project", project="van-wrap")
    found = lab.services.workspace_evidence().leaning("the Avery vinyl arrives on Tuesday")
    assert found is not None and found.project == "van-wrap"


@pytest.mark.parametrize(
    "text",
    [
        "regla de casa: nada de cámaras dentro de los dormitorios",
        "regla de la bodega: nadie entra a la sala de barricas sin avisar",
        "política del estudio: 50% por adelantado para reservar",
        "my rule for training: no workout when my resting HR is 10 over",
    ],
)
def test_a_rule_headed_with_a_word_of_a_project_is_no_project_note(text: str) -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    known = ["domotica-casa", "bodega-web", "ultra-training", "estudio-acustica"]
    route = Router(HashingEmbedder(), known).route(text)
    assert (route.layer, route.kind, route.project) == ("memory", "policy", None), route.reason


def test_a_rule_heading_that_names_the_project_in_full_stays_its_note() -> None:
    from coordinator.router import Router
    from memory.search.embedders import HashingEmbedder

    router = Router(HashingEmbedder(), ["winter-gala", "bodega-web"])
    route = router.route("winter gala rules: no plus-ones")
    assert (route.layer, route.project) == ("project", "winter-gala"), route.reason
    labelled = router.route("regla de la bodega web: las fotos siempre en JPG")
    assert (labelled.layer, labelled.project) == ("project", "bodega-web"), labelled.reason
