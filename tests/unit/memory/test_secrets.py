"""A corpus of realistic secrets (all refused) and innocent look-alikes (all allowed)."""

from __future__ import annotations

import pytest

from memory.secrets import find_secrets, scan_batch

SECRETS = [
    "aws key AKIAIOSFODNN7EXAMPLE for backups",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "github token ghp_1234567890abcdefghijklmnopqrstuvwxyzAB",
    "use github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012345",
    "gitlab glpat-xxxxxxxxxxxxxxxxxxxx",
    "slack bot xoxb-123456789012-1234567890123-abcdefghijklmnopqrstuvwx",
    "slack webhook https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "-----BEGIN RSA PRIVATE KEY----- MIIEpAIBAAKCAQEA",
    "-----BEGIN OPENSSH PRIVATE KEY-----",
    "nas share https://admin:s3cr3tpass@nas.local/share",
    "postgres://app:Sup3rS3cret@db.lab:5432/app",
    "password=hunter2secret",
    "the router admin password: Tr0ub4dor&3",
    "DB_PASSWORD=correcthorsebattery",
    "jwt eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4g"
    "RG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "openai sk-proj-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst",
    "npm token npm_abcdefghijklmnopqrstuvwxyz0123456789",
    "pypi-AgEIcHlwaS5vcmcCJGE4ZjQ5ZDEyLTQxMDctNDMwMS05YjFjLWE0MTI4ZjU5NzI3YQACKlszLCJmMDc",
    "sendgrid SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
    "telegram bot 123456789:ABCdefGhIJKlmnOPqrSTUvwxYZ012345678",
    "api_key: 9f8e7d6c5b4a39281706AbCdEfGh",
    "the wifi token is Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg==",
    "twilio SK0123456789abcdef0123456789abcdef",
    "client_secret=GOCSPX-AbCdEfGhIjKlMnOpQrStUvWxYz12",
]

INNOCENT = [
    "Merged commit 3f1e2a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f into main",
    "the model sha256 is 8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
    "container id 4f2a91c0ffee123456789abcdef0123456789abcdef0123456789abcdef0123",
    "request 123e4567-e89b-12d3-a456-426614174000 failed",
    "upgraded to chromadb 1.5.9 and onnxruntime 1.32.0",
    "kernel 6.1.0-28-amd64 on the NAS",
    "the password is in the password manager under nas-admin",
    "password: see vault",
    "token: stored in 1Password",
    "set API_KEY=$OPENAI_API_KEY in the shell",
    "rotate the api key every 90 days",
    "the NAS is at 10.0.0.5 and the router at 192.168.1.1",
    "public DNS 8.8.8.8 is blocked",
    "model all-MiniLM-L6-v2-onnx-int8 works offline",
    "path /srv/media/photos/2026/november/holiday-trip",
    "docker image ghcr.io/home-assistant/home-assistant:2026.11.2",
    "the secret sauce was more RAM",
    "Tokens per second went from 12 to 18 after the upgrade",
    "backup job nightly-restic-b2 ran in 14m32s",
    "ssh key fingerprint SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s is in authorized_keys",
    "password=<redacted>",
    "set token to ${GITHUB_TOKEN} in the workflow",
    "base image python:3.11.7-slim-bookworm",
    "ISBN 978-3-16-148410-0 is the manual",
    "url https://github.com/snap-research/locomo/blob/main/data/locomo10.json",
]


@pytest.mark.parametrize("text", SECRETS)
def test_each_realistic_secret_is_found(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize("text", INNOCENT)
def test_innocent_look_alikes_pass(text: str) -> None:
    assert find_secrets(text) == [], text


def test_batch_attributes_findings_to_the_right_item() -> None:
    batch = [INNOCENT[0], SECRETS[0], INNOCENT[1], SECRETS[2]]
    found = scan_batch(batch)
    assert [bool(f) for f in found] == [False, True, False, True]
    assert "AWS Access Key" in found[1]
    assert "GitHub Token" in found[3]


def test_findings_never_contain_the_value() -> None:
    for kinds in scan_batch(SECRETS):
        for kind in kinds:
            assert "hunter2" not in kind and "AKIA" not in kind


PROSE_SECRETS = [
    "the Unifi admin pass is Gr@nite77",
    "Passwort vom Server: Hund&Katze42",
    "le mdp du wifi c'est Soleil2023!",
    "a senha do notebook é MangaVerde$3",
    "la password di Gmail è Pizza!Margherita9",
    "contraseña: Perro_Azul_77",
    "the paswrod for the old wiki is Kestrel%42x",
    "PIN 4456 for the garage keypad",
    "code de la porte 4B512",
    "Meine Bank-PIN lautet 4490",
    "my phone unlock code is 284619",
    'ssh passphrase: "river stone maple cloud"',
    "credentials for the printer: admin:Prnt!2024x",
    "IPMI: ADMIN / pizza-glacier-16",
    "Zahlencode vom Fahrradschloss: 3917",
    "password is hunter2",
    "the password for the vpn is vpn2024pass",
    "sk-ant-api03-" + "aB3dEfGhIjKlMnOpQrStUvWxYz0123456789-_aBcDeFgHiJkLmNoPq",
    "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567",
    "tskey-auth-" + "kPtU8vMoE4CNTRL-2YJhc9M8cXOxhvnei1BNvhmT",
    "AGE-SECRET-KEY-1" + "073A98G7AYTLX30JUDZN63FYMKYYQDQGVRZVNXXNMGLFXJXJUPG6HP3AT2",
    '{"user": "backup", "pass": "s4ud4d3!13"}',
    "secret_key: q8Zr2mXv7LpT4nWs9kBd",
    "Visa 4539 1488 0343 6467 exp 09/28",
    "OPENAI key\nsk-proj-hzf3o1phERMlpYdkbZFrJYh0X1DObu0A\nDB1NNJkqaAqB_Xi7UtHZLczNpgnJDjXcAY",
]

PROSE_INNOCENT = [
    "I changed my password yesterday",
    "the password policy requires 14 characters",
    "The PIN header on the Pi 4 has 40 pins; GPIO4 is physical pin 7.",
    "the password is 16 characters long",
    "PIN 5 of the GPIO header is ground",
    "alarm set for 05:45",
    "the door code changed in 2023",
    "zip code 10115",
    "code 2500 on the boiler means low pressure",
    "backup codes: printed, in the safe",
    "Stripe's test card 4242 4242 4242 4242 works with any CVC",
    "peer public key: xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "hf_hub_download puts files in ~/.cache/huggingface/hub",
    "use meta-llama/Llama-3.1-8B-Instruct for the summarizer",
    "password: YOUR_PASSWORD_HERE in the example config",
    "export GITHUB_TOKEN=$(gh auth token) before running the script",
    "Amazon order 114-5817576-2176271 for the two SSDs",
    "the passport number goes on the visa form",
]


@pytest.mark.parametrize("text", PROSE_SECRETS)
def test_secrets_said_in_prose_and_new_vendor_formats_are_found(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize("text", PROSE_INNOCENT)
def test_text_that_talks_about_secrets_passes(text: str) -> None:
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Der Türcode fürs Labor im 3. OG ist 873317", "PIN or door code"),
        ("Microsoft account recovery code 8JK8H-F3PD6-PH6WJ-4WG6X-C3EY8", "recovery codes"),
        ("The tax archive is encrypted with tamarind-colibri-72", "password"),
        ("A senha mestra do cofre é caju tartaruga janela bicicleta lagarta", "passphrase"),
        ("2FA setup key for the registrar: 6dev zryg eoji k2kl 7wvn dh2q twtp rogo", "TOTP seed"),
    ],
)
def test_prose_secrets_found_after_the_first_frozen_part(text: str, kind: str) -> None:
    from memory.secret_prose import find_prose_secrets

    assert kind in find_prose_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        "Comparing password managers: Bitwarden vs KeePassXC vs 1Password.",
        "password: see the 1Password item 'Synology DS920' (shared vault)",
        "commit 3f2a9c1 fixed the 2FA flow",
        "The master password policy asks for at least five words.",
        "the seed for the random generator is 42",
    ],
)
def test_password_managers_and_references_are_not_secrets(text: str) -> None:
    from memory.secret_prose import find_prose_secrets

    assert find_prose_secrets(text) == set()
