#!/usr/bin/env python3
"""Builds scenario.json (labmem answer-quality scenario).

Statements are written in the owner's local time (Europe/Madrid) and converted
to UTC. Labels (expect / expect_value) are computed from the structured data
below and validated before writing.
"""
import json
import re
import datetime as dt
from zoneinfo import ZoneInfo

TZ = ZoneInfo("Europe/Madrid")
UTC = dt.timezone.utc
OUT = "/work/corpora/answers/scenario.json"

S = []  # statement records


def st(day, time, layer, text, proj=None, f=None, k=None, ev=False, tag=None, lang=None):
    """day 'MM-DD' (2026), time 'HH:MM' local. f: (fact, value) or list of them."""
    if f is not None and isinstance(f[0], str):
        f = [f]
    S.append(dict(day=day, time=time, layer=layer, text=text, project=proj,
                  facts=f or [], key=k, ev=ev, tag=tag, lang=lang))


EM = "enhancer-model"
GR = "grant-2027"
HL = "homelab-rebuild"

# ---------------------------------------------------------------- week 1
st("10-05", "08:40", "memory", "Quick inventory so you remember: the NAS is nas01, a self-built TrueNAS SCALE box, and it's at 192.168.1.20.", f=("nas_ip", "192.168.1.20"), k="nas_truenas")
st("10-05", "08:45", "memory", "The router is still the Movistar box, gateway 192.168.1.1.", f=("gateway", "192.168.1.1"))
st("10-05", "09:05", "memory", "My workstation's hostname is ryzen-ws.", f=("ws_name", "ryzen-ws"))
st("10-05", "10:30", "memory", "Lab meeting is on Thursdays at 10:00.", f=("lab_meeting", "Thursdays at 10:00"))
st("10-05", "10:32", "memory", "1:1 with Marta every Monday at 9:30.", f=("one_on_one", "every Monday at 9:30"))
st("10-05", "10:35", "memory", "Marta Ruiz is my PI, in case I just say 'Marta'.", k="pi")
st("10-05", "19:50", "daily", "First day using you as my lab notebook. Spent the evening labelling every cable in the rack.", k="d1005")
st("10-05", "21:10", "memory", "Mi gata se llama Nube, tiene 4 años y duerme encima del NAS.", k="cat")

st("10-06", "08:15", "memory", "Jellyfin runs as a Docker container on nas01.", f=("jellyfin_host", "nas01"))
st("10-06", "08:20", "memory", "Internet is Movistar fibre, 600 Mb symmetric.", f=("isp", "Movistar"))
st("10-06", "08:21", "memory", "Pago 45 € al mes a Movistar por la fibra.", f=("internet_price", "45 €"))
st("10-06", "09:00", "memory", "I work at the Instituto de Genómica de Madrid (IGM), building C.", k="work")
st("10-06", "12:00", "memory", "I write all my code in VS Code.", f=("editor", "VS Code"))
st("10-06", "15:00", "memory", "I teach the Python lab on Tuesdays at 15:00.", f=("teaching", "Tuesdays at 15:00"))
st("10-06", "17:30", "daily", "Primera sesión de prácticas de Python: 22 alumnos, dos no tenían conda instalado.", k="d1006")
st("10-06", "22:05", "daily", "Fixed the broken Jellyfin library scan: the media share had wrong permissions after the last TrueNAS update.", k="fix1006", tag="fix")

st("10-07", "09:00", "memory", "Proxmox on pve1 is on 8.4.1.", f=("proxmox_ver", "8.4.1"))
st("10-07", "09:02", "memory", "pve1 is a Dell OptiPlex 7060 with an i7-8700.", k="pve1_hw")
st("10-07", "09:30", "memory", "Nightly backups run at 02:00.", f=("backup_time", "02:00"))
st("10-07", "09:31", "memory", "Backups are done with restic.", k="restic")
st("10-07", "10:15", "memory", "nas01 has 4x WD Red Plus 8 TB in a single raidz1 vdev.", k="nas_disks")
st("10-07", "11:00", "memory", "My office is B-214.", f=("office", "B-214"))
st("10-07", "11:45", "memory", "Reverse proxy is Nginx Proxy Manager on nas01.", f=("rproxy", "Nginx Proxy Manager"))
st("10-07", "18:20", "daily", "Test-restored a file from restic today: worked first time.", k="d1007")

st("10-08", "08:30", "memory", "Home Assistant is on 2026.9.3.", f=("ha_ver", "2026.9.3"))
st("10-08", "08:31", "memory", "Home Assistant runs as a VM on pve1.", k="ha_vm")
st("10-08", "10:05", "daily", "Lab meeting: Javi presented the new library prep protocol; we agreed to pilot it on 8 samples.", k="d1008a")
st("10-08", "12:00", "memory", "Offsite backup goes to Backblaze B2.", f=("offsite", "Backblaze B2"))
st("10-08", "12:01", "memory", "Restic keeps 7 daily snapshots.", f=("retention", "7 daily"))
st("10-08", "13:10", "memory", "Nextcloud is at nc.lab.home.", f=("nc_url", "nc.lab.home"))
st("10-08", "16:00", "memory", "Code lives in my self-hosted Forgejo at git.home.arpa.", k="forgejo")
st("10-08", "21:00", "daily", "Escalada con Irene por la tarde, me he hecho daño en un dedo.", k="d1008b")

st("10-09", "09:00", "memory", "Javi is the postdoc in charge of the sequencing side.", f=("javi_role", "postdoc"))
st("10-09", "09:10", "memory", "DNS for the house is Pi-hole on the Raspberry Pi (pi-dns).", f=("dns", "Pi-hole"))
st("10-09", "11:00", "memory", "Soy alérgico a los frutos secos, por si organizo algo de comida.", k="allergy")
st("10-09", "11:55", "memory", "El journal club es los viernes a las 12:00.", f=("journal_club", "viernes a las 12:00"))
st("10-09", "13:05", "daily", "Journal club today: we discussed the Enformer follow-up paper. Lucía presented.", k="d1009")
st("10-09", "16:40", "memory", "My master's student is Lucía; she's working on the data loader.", k="lucia")
st("10-09", "23:40", "daily", "He dejado corriendo un entrenamiento de prueba en hal esta noche.", k="d1009b")

st("10-10", "10:15", "memory", "The rack UPS is an APC Back-UPS 700VA.", f=("ups", "APC Back-UPS 700VA"))
st("10-10", "10:20", "memory", "Mosquitto (MQTT broker) runs on pi-dns.", f=("mqtt_host", "pi-dns"))
st("10-10", "10:25", "memory", "Watchtower updates the containers every day at 03:30.", k="watchtower")
st("10-10", "11:00", "project", "We're aiming the enhancer paper at Bioinformatics.", proj=EM, f=("venue", "Bioinformatics"))
st("10-10", "12:00", "memory", "Tengo dos cámaras Reolink en el patio que graban en el NAS.", k="cameras")
st("10-10", "17:30", "daily", "Sábado de limpieza: he quitado el polvo del rack y reorganizado los cables de red.", k="d1010")

st("10-11", "10:00", "memory", "Electricity is with Iberdrola at 0.18 €/kWh.", f=[("elec_supplier", "Iberdrola"), ("elec_price", "0.18 €/kWh")])
st("10-11", "11:00", "memory", "Remote access is OpenVPN, running in an LXC on pve1.", f=("vpn", "OpenVPN"))
st("10-11", "11:05", "memory", "Mi shell por defecto en ryzen-ws es bash.", f=("shell", "bash"))
st("10-11", "12:30", "memory", "Spare drives are in the blue box under the desk.", k="spares")
st("10-11", "20:00", "daily", "Sunday: cooked for the whole week and read two papers on MPRA design.", k="d1011")
st("10-11", "20:30", "memory", "Mi madre vive en Zaragoza; la llamo los domingos.", k="mother")

# ---------------------------------------------------------------- week 2
st("10-12", "09:45", "daily", "1:1 with Marta: she wants a full draft of the enhancer paper by mid-November.", k="d1012a")
st("10-12", "10:00", "memory", "hal has 2x RTX 3090.", f=("gpu_count", "2x RTX 3090"))
st("10-12", "10:05", "memory", "hal is the lab GPU server, in the basement server room of building C.", k="hal_loc")
st("10-12", "11:00", "project", "We send samples for sequencing to Macrogen, 12 € per sample.", proj=EM, f=[("seq_provider", "Macrogen"), ("seq_price", "12 €")])
st("10-12", "11:05", "project", "The cohort has 96 samples.", proj=EM, f=("n_samples", "96"))
st("10-12", "11:07", "project", "Samples come from the hospital biobank under agreement BB-2026-031.", proj=EM, k="biobank")
st("10-12", "11:10", "memory", "Uso Bitwarden en la nube para las contraseñas.", f=("passwords", "Bitwarden"))
st("10-12", "18:00", "daily", "pve1 rebooted by itself twice today; it was a flaky power strip, replaced it and it's stable now.", k="fix1012", tag="fix")

st("10-13", "09:00", "memory", "CUDA on the workstation is 12.4.", f=("cuda", "12.4"))
st("10-13", "09:30", "memory", "Grafana listens on port 3000.", f=("grafana_port", "3000"))
st("10-13", "11:00", "memory", "Nuestro contacto en el servicio de secuenciación de Barcelona es Laia.", f=("bcn_contact", "Laia"))
st("10-13", "12:00", "memory", "El cumpleaños de Irene es el 3 de diciembre.", k="irene_bday")
st("10-13", "17:10", "daily", "Prácticas de Python: tocaba pandas. Ha ido bastante bien.", k="d1013")
st("10-13", "21:00", "daily", "Set up Grafana dashboards for the UPS and the NAS disk temperatures.", k="d1013b")

st("10-14", "08:50", "daily", "Renamed the workstation from ryzen-ws to atlas.", f=("ws_name", "atlas"))
st("10-14", "09:30", "project", "The enhancer-model env uses PyTorch 2.4.1.", proj=EM, f=("torch", "2.4.1"))
st("10-14", "09:35", "project", "The conda env is called enh-py311.", proj=EM, k="conda_env")
st("10-14", "09:40", "memory", "Training jobs go to the gpu partition on the university cluster (Cierzo).", f=("partition", "gpu"), k="cluster_name")
st("10-14", "12:00", "project", "Batch size 256 works best on the 3090s.", proj=EM, k="batchsize")
st("10-14", "16:00", "daily", "He pasado la tarde depurando el data loader con Lucía: el bug era un off-by-one en las coordenadas BED.", k="fix1014", tag="fix")
st("10-14", "22:30", "project", "The model is a dilated CNN with 11 residual blocks.", proj=EM, k="arch")

st("10-15", "08:30", "daily", "Actualicé Home Assistant a 2026.10.1, sin problemas.", f=("ha_ver", "2026.10.1"))
st("10-15", "10:50", "daily", "Lab meeting: Marta announced the grant-2027 application; I'm writing the computational aim.", k="d1015")
st("10-15", "11:00", "project", "Internal deadline for grant-2027 is November 14.", proj=GR, f=("grant_deadline", "November 14"))
st("10-15", "11:10", "project", "grant-2027 is for the AEI 'Proyectos de Generación de Conocimiento' call.", proj=GR, k="grant_call")
st("10-15", "11:12", "project", "The internal reviewer for grant-2027 is Prof. Álvaro Sanz.", proj=GR, k="reviewer")
st("10-15", "11:20", "memory", "Remaining hardware budget for this year: 5,000 €.", f=("budget", "5,000 €"))
st("10-15", "17:00", "memory", "Mi cuota de scratch en Cierzo es de 500 GB.", f=("quota", "500 GB"))

st("10-16", "09:00", "memory", "The Wi-Fi AP is a TP-Link EAP225 in the hallway; 5 GHz is on channel 36.", f=[("ap", "TP-Link EAP225"), ("wifi_channel", "36")])
st("10-16", "11:30", "memory", "Flight to Lisbon for the workshop is on November 10.", f=("flight", "November 10"))
st("10-16", "11:35", "memory", "The Lisbon workshop is ML4Genomics at the Gulbenkian, November 10–11.", k="workshop")
st("10-16", "13:00", "daily", "Journal club: presenté yo, el paper de Borzoi. Muchas preguntas sobre la evaluación.", k="d1016")
st("10-16", "18:00", "memory", "My Lisbon talk is titled 'Dilated CNNs for enhancer activity prediction'.", k="talk_title")

st("10-17", "10:00", "memory", "Main Wi-Fi SSID is casa-lab.", f=("ssid", "casa-lab"))
st("10-17", "10:10", "memory", "The Zigbee coordinator is a Sonoff ZBDongle-P.", f=("zigbee", "Sonoff ZBDongle-P"))
st("10-17", "11:00", "memory", "Me tomo el café cortado, sin azúcar.", k="coffee")
st("10-17", "12:30", "daily", "Paired 6 new Aqara temperature sensors in Zigbee2MQTT.", k="d1017")
st("10-17", "21:00", "daily", "Cena en casa de los padres de Irene.", k="d1017b")

st("10-18", "10:00", "memory", "Termostato a 21 °C.", f=("thermostat", "21 °C"))
st("10-18", "10:05", "memory", "Heating comes on 07:00–09:00 on weekdays.", f=("heating", "07:00–09:00"))
st("10-18", "12:00", "memory", "The rack draws about 85 W at idle.", k="idle_power")
st("10-18", "17:00", "daily", "Wrote the first page of the computational aim for grant-2027.", k="d1018")
st("10-18", "21:00", "memory", "For technical answers I prefer English; personal stuff in Spanish is fine.", k="lang_pref")

# ---------------------------------------------------------------- week 3
st("10-19", "09:45", "daily", "1:1 con Marta: revisamos las figuras 1 y 2; quiere que rehaga la figura 3.", k="d1019")
st("10-19", "10:00", "project", "Training data is at v0.3.", proj=EM, f=("dataset_ver", "v0.3"))
st("10-19", "13:00", "daily", "Moved the backup job to 03:30 so it doesn't overlap with my late-night training uploads.", f=("backup_time", "03:30"))
st("10-19", "13:05", "memory", "Uptime Kuma checks every 60 seconds.", f=("uptime", "60 seconds"))
st("10-19", "20:00", "memory", "ZFS scrub runs on the first Sunday of every month.", k="scrub")
st("10-19", "20:10", "memory", "Lucía defiende su TFM el 22 de enero.", k="lucia_defense")

st("10-20", "09:00", "daily", "mini02 arrived! Minisforum MS-01 with an i5-12600H, 16 GB RAM for now.", f=("mini_ram", "16 GB"), k="mini02_arrival")
st("10-20", "10:30", "memory", "La reunión de grupo se mueve a los miércoles a las 11:00.", f=("lab_meeting", "miércoles a las 11:00"))
st("10-20", "17:10", "daily", "Prácticas de Python: expresiones regulares. Media clase perdida.", k="d1020")
st("10-20", "21:30", "daily", "Installed Debian 13 and Docker on mini02.", k="d1020b")

st("10-21", "09:00", "daily", "Got a quote for two RTX 4090 for hal: 1,900 € each.", f=("gpu_quote", "1,900 €"))
st("10-21", "11:00", "project", "Best val F1 so far: 0.81.", proj=EM, f=("best_f1", "0.81"), ev=True)
st("10-21", "11:05", "project", "Train/val/test split is by chromosome: chr8 and chr9 are held out for test.", proj=EM, k="split")
st("10-21", "11:50", "daily", "Lab meeting, first one on a Wednesday: Javi showed the pilot results, 7 of 8 libraries passed QC.", k="d1021c")
st("10-21", "16:00", "daily", "Reunión con Lucía: el data loader ya va 3 veces más rápido.", k="d1021")
st("10-21", "23:15", "daily", "Late night: flashed OPNsense onto the Protectli box, ready to swap the router this weekend.", k="d1021b")

st("10-22", "08:45", "daily", "Upgraded pve1 to Proxmox 9.0.3.", f=("proxmox_ver", "9.0.3"))
st("10-22", "12:00", "memory", "Immich is on v1.118 and its database is Postgres 15.", f=[("immich_ver", "v1.118"), ("postgres", "Postgres 15")])
st("10-22", "12:10", "memory", "Server room access: staff card, and after 20:00 you have to call the security desk at ext. 4410.", k="server_room")
st("10-22", "21:00", "daily", "Escalada. El dedo ya está mejor.", k="d1022")

st("10-23", "09:00", "daily", "Switched the reverse proxy to Caddy on mini02.", f=("rproxy", "Caddy"))
st("10-23", "09:20", "daily", "Nextcloud ahora responde en cloud.home.arpa.", f=("nc_url", "cloud.home.arpa"))
st("10-23", "11:00", "memory", "Journal club moved to Fridays at 13:30.", f=("journal_club", "Fridays at 13:30"))
st("10-23", "14:40", "daily", "Journal club at the new time: Marta presented a paper on CRISPRi screens.", k="d1023")
st("10-23", "18:00", "memory", "The internal domain for everything at home is home.arpa.", k="domain")

st("10-24", "10:00", "daily", "Big swap done: OPNsense is now the gateway, at 10.0.0.1. The Movistar box is in bridge mode.", f=("gateway", "10.0.0.1"))
st("10-24", "10:30", "daily", "Me he cambiado a zsh como shell.", f=("shell", "zsh"))
st("10-24", "13:00", "daily", "Created three VLANs on OPNsense: servers, IoT and guests.", k="vlans")
st("10-24", "22:00", "daily", "Película con Irene; Jellyfin se colgó dos veces transcodificando.", k="d1024")

st("10-25", "00:40", "daily", "Moved Grafana to port 3300 because 3000 clashes with the React dev server.", f=("grafana_port", "3300"))
st("10-25", "11:00", "daily", "Replaced OpenVPN with WireGuard on OPNsense.", f=("vpn", "WireGuard"))
st("10-25", "18:00", "daily", "He escrito la sección de métodos del paper, unas 1.200 palabras.", k="d1025")

# ---------------------------------------------------------------- week 4
st("10-26", "09:00", "daily", "Moved nas01 to the servers VLAN, it's now at 10.0.20.5.", f=("nas_ip", "10.0.20.5"))
st("10-26", "09:50", "daily", "1:1 con Marta: le parece bien cambiar de proveedor de secuenciación.", k="d1026")
st("10-26", "11:00", "project", "A partir de ahora secuenciamos con Novogene: 9,50 € por muestra.", proj=EM, f=[("seq_provider", "Novogene"), ("seq_price", "9,50 €")])
st("10-26", "11:10", "memory", "Los tubos para Novogene se envían los lunes por mensajería refrigerada.", k="shipping")
st("10-26", "16:00", "daily", "Fixed the Uptime Kuma alert for nas01: it was still pinging the old IP.", k="fix1026", tag="fix")

st("10-27", "08:30", "daily", "Bumped CUDA to 12.6 on atlas.", f=("cuda", "12.6"))
st("10-27", "09:00", "daily", "Le he puesto 32 GB a mini02.", f=("mini_ram", "32 GB"))
st("10-27", "11:00", "memory", "Las prácticas de Python pasan a los lunes a las 16:00 a partir de la semana que viene.", f=("teaching", "lunes a las 16:00"))
st("10-27", "17:10", "daily", "Last Python lab on a Tuesday; we covered matplotlib.", k="d1027")
st("10-27", "22:00", "daily", "hal's training run finished after 14 hours.", k="d1027b")

st("10-28", "09:00", "daily", "Migrated Jellyfin to mini02 today; it transcodes on CPU for now.", f=[("jellyfin_host", "mini02"), ("transcoding", "CPU")])
st("10-28", "11:50", "daily", "Lab meeting: we agreed to send the paper to a different journal, final call tomorrow.", k="d1028")
st("10-28", "12:30", "memory", "Me han subido la cuota de scratch en Cierzo a 2 TB.", f=("quota", "2 TB"))
st("10-28", "20:00", "memory", "Irene es enfermera en el Gregorio Marañón.", k="irene_job")
st("10-28", "20:05", "daily", "Irene tiene turno de noche toda la semana, así que cena solo.", k="d1028b")

st("10-29", "09:00", "project", "Cambiamos de revista: vamos a NAR Genomics and Bioinformatics.", proj=EM, f=("venue", "NAR Genomics and Bioinformatics"))
st("10-29", "10:00", "daily", "Better GPU quote from PCComponentes: 1,650 € per RTX 4090.", f=("gpu_quote", "1,650 €"))
st("10-29", "11:00", "project", "Dataset v0.4 built, added the K562 tracks.", proj=EM, f=("dataset_ver", "v0.4"))
st("10-29", "20:00", "daily", "Moved my passwords to a self-hosted Vaultwarden on mini02; exported everything from Bitwarden.", f=("passwords", "Vaultwarden"))
st("10-29", "20:10", "memory", "Vaultwarden is only reachable over the VPN, it is not exposed to the internet.", k="vw_private")

st("10-30", "09:00", "daily", "Portabilidad hecha: ya estamos con Digi, 1 Gb.", f=("isp", "Digi"))
st("10-30", "09:05", "memory", "Con Digi pago 30 € al mes.", f=("internet_price", "30 €"))
st("10-30", "11:00", "daily", "Changed the Lisbon flight to November 9 so I can make the pre-workshop dinner.", f=("flight", "November 9"))
st("10-30", "14:40", "daily", "Journal club: Lucía presentó un paper sobre atención en secuencias largas.", k="d1030")

st("10-31", "10:00", "daily", "Enabled Intel QuickSync for Jellyfin on mini02; CPU usage while transcoding dropped to about 10%.", f=("transcoding", "Intel QuickSync"))
st("10-31", "11:00", "daily", "Moved the 5 GHz radio to channel 149, much less interference.", f=("wifi_channel", "149"))
st("10-31", "22:00", "daily", "Fiesta de Halloween en casa de Javi.", k="d1031")

st("11-01", "09:00", "daily", "Monthly ZFS scrub on nas01 finished clean, 0 errors.", k="d1101scrub")
st("11-01", "10:00", "daily", "Cambié a Octopus Energy: 0,142 €/kWh.", f=[("elec_supplier", "Octopus Energy"), ("elec_price", "0,142 €/kWh")])
st("11-01", "10:10", "daily", "Bajé el termostato a 20 °C.", f=("thermostat", "20 °C"))
st("11-01", "19:00", "daily", "Spent the afternoon on the grant-2027 budget table.", k="d1101")

# ---------------------------------------------------------------- week 5
st("11-02", "08:30", "daily", "Moved to office C-105 today.", f=("office", "C-105"))
st("11-02", "08:35", "memory", "Office C-105 is shared with Javi and Lucía.", k="office_share")
st("11-02", "09:50", "daily", "Marta and I moved our 1:1 to every other Tuesday at 10:00.", f=("one_on_one", "every other Tuesday at 10:00"))
st("11-02", "11:00", "project", "Upgraded the enhancer-model env to PyTorch 2.5.1.", proj=EM, f=("torch", "2.5.1"))
st("11-02", "17:10", "daily", "Primera práctica de Python con el nuevo horario, en el aula 0.3.", k="d1102")
st("11-02", "22:00", "memory", "Me he pasado a Neovim para todo.", f=("editor", "Neovim"))

st("11-03", "09:00", "memory", "Javi ha pasado a ser el lab manager desde este mes.", f=("javi_role", "lab manager"))
st("11-03", "10:00", "daily", "Ordered two RTX 4090s for hal from PCComponentes.", k="d1103")
st("11-03", "11:00", "project", "New best F1: 0.84 with the dilated convs.", proj=EM, f=("best_f1", "0.84"))
st("11-03", "18:00", "daily", "Fixed the Home Assistant backup that had been failing since the NAS IP change: it still pointed at the old address.", k="fix1103", tag="fix")

st("11-04", "09:00", "daily", "Replaced Pi-hole with AdGuard Home running on mini02.", f=("dns", "AdGuard Home"))
st("11-04", "09:30", "daily", "MQTT broker moved to mini02 too.", f=("mqtt_host", "mini02"))
st("11-04", "12:50", "daily", "Reunión de grupo: Marta quiere el borrador completo del paper antes del viaje a Lisboa.", k="d1104")
st("11-04", "19:00", "daily", "He apagado la Raspberry Pi; ya no hace falta.", k="d1104b")

st("11-05", "09:00", "daily", "Installed the two RTX 4090s; hal now has 4 GPUs.", f=("gpu_count", "4 GPUs"))
st("11-05", "09:10", "memory", "Remaining hardware budget after the GPUs: 1,700 €.", f=("budget", "1,700 €"))
st("11-05", "12:00", "memory", "Laia se va de excedencia; ahora el contacto en Barcelona es Pau.", f=("bcn_contact", "Pau"))
st("11-05", "21:00", "daily", "Escalada con Irene, mi primer 6b.", k="d1105")

st("11-06", "09:00", "daily", "Switched offsite backups from B2 to a Hetzner Storage Box.", f=("offsite", "Hetzner Storage Box"))
st("11-06", "09:05", "memory", "Restic retention raised to 14 daily snapshots now that there's more space.", f=("retention", "14 daily"))
st("11-06", "11:00", "project", "24 more samples arrived from the biobank, the cohort is now 120.", proj=EM, f=("n_samples", "120"))
st("11-06", "11:05", "project", "Novogene batch NV-2291 contains the 24 new samples.", proj=EM, k="batch_id")
st("11-06", "14:35", "daily", "Journal club cancelled, half the group is sick.", k="d1106")

st("11-07", "10:00", "daily", "New UPS installed: Eaton 5S 1000. The APC goes to the garage.", f=("ups", "Eaton 5S 1000"))
st("11-07", "10:30", "daily", "Intervalo de Uptime Kuma bajado a 30 segundos.", f=("uptime", "30 segundos"))
st("11-07", "18:00", "daily", "Rewrote the discussion section of the paper.", k="d1107")

st("11-08", "10:00", "daily", "Colgué el UniFi U6 Lite en el pasillo; el TP-Link va al garaje.", f=("ap", "UniFi U6 Lite"))
st("11-08", "10:20", "daily", "Renamed the main SSID to nidito.", f=("ssid", "nidito"))
st("11-08", "21:00", "daily", "Maleta hecha para Lisboa.", k="d1108")

# ---------------------------------------------------------------- week 6
st("11-09", "07:10", "daily", "Flying to Lisbon today.", k="d1109a")
st("11-09", "07:30", "memory", "Calefacción programada ahora de 06:30 a 08:30 entre semana.", f=("heating", "06:30 a 08:30"))
st("11-09", "08:00", "daily", "Lucía covers the Python lab today while I'm away.", k="d1109c")
st("11-09", "12:00", "project", "Internal deadline for grant-2027 moved to November 21.", proj=GR, f=("grant_deadline", "November 21"))
st("11-09", "22:30", "daily", "Cena pre-workshop en Lisboa; conocí a gente de un grupo de Oporto.", k="d1109b")

st("11-10", "09:00", "daily", "IT split the cluster partitions: our jobs now go to gpu-a100.", f=("partition", "gpu-a100"))
st("11-10", "16:00", "daily", "Gave my talk in Lisbon. Good questions about the held-out chromosomes.", k="d1110")
st("11-10", "23:30", "daily", "Me paso a Tailscale para el acceso remoto; WireGuard lo apago.", f=("vpn", "Tailscale"))

st("11-11", "10:00", "daily", "Second workshop day; attended the single-cell session.", k="d1111")
st("11-11", "18:00", "daily", "Updated HA to 2026.11.2 remotely over Tailscale.", f=("ha_ver", "2026.11.2"))
st("11-11", "23:00", "daily", "Vuelta de Lisboa, por fin en casa.", k="d1111b")

st("11-12", "09:00", "daily", "Cambié la IP del NAS a 10.0.20.10 para dejar la .5 libre para el switch gestionado.", f=("nas_ip", "10.0.20.10"))
st("11-12", "10:00", "daily", "Cambié el coordinador Zigbee por un SLZB-06 por Ethernet.", f=("zigbee", "SLZB-06"))
st("11-12", "16:00", "daily", "Fixed Zigbee2MQTT after the coordinator swap; had to re-pair two sensors.", k="fix1112", tag="fix")
st("11-12", "21:00", "daily", "Hoy sin escalada, estoy reventado del viaje.", k="d1112")

st("11-13", "09:00", "project", "Dataset v0.5: removed the ENCODE blacklist regions.", proj=EM, f=("dataset_ver", "v0.5"))
st("11-13", "10:00", "project", "Novogene re-quoted: 8.90 € per sample for batches over 96.", proj=EM, f=("seq_price", "8.90 €"))
st("11-13", "12:00", "project", "El paper tiene 6 figuras principales y 9 suplementarias.", proj=EM, k="figures")
st("11-13", "14:40", "daily", "Journal club: presenté lo más interesante del workshop.", k="d1113")

st("11-14", "10:00", "daily", "mini02 ya tiene 64 GB de RAM.", f=("mini_ram", "64 GB"))
st("11-14", "11:00", "memory", "Ahora uso fish como shell.", f=("shell", "fish"))
st("11-14", "17:00", "daily", "Finished the full paper draft and sent it to Marta.", k="d1114")

st("11-15", "10:00", "daily", "Migré la base de datos de Immich a Postgres 16.", f=("postgres", "Postgres 16"))
st("11-15", "10:30", "daily", "Immich updated to v1.122 after the Postgres migration.", f=("immich_ver", "v1.122"))
st("11-15", "18:00", "memory", "Vale, vuelvo a VS Code, Neovim me ralentiza con los notebooks.", f=("editor", "VS Code"))

# ---------------------------------------------------------------- week 7
st("11-16", "09:00", "daily", "Backups ahora a la 01:00; a las 03:30 coincidían con Watchtower.", f=("backup_time", "01:00"))
st("11-16", "11:00", "daily", "Marta sent back comments on the draft, mostly about figure 3.", k="d1116")
st("11-16", "12:00", "project", "The grant-2027 budget asks for one technician and 40,000 € of sequencing.", proj=GR, k="grant_budget")
st("11-16", "17:10", "daily", "Práctica de Python: examen parcial.", k="d1116b")

st("11-17", "10:45", "daily", "1:1 with Marta: we agreed on the final figure list.", k="d1117")
st("11-17", "11:00", "memory", "La reunión de grupo pasa a los miércoles a las 12:30.", f=("lab_meeting", "miércoles a las 12:30"))
st("11-17", "18:00", "daily", "Fixed the Caddy certificate renewal for cloud.home.arpa: the DNS challenge API token had expired.", k="fix1117", tag="fix")

st("11-18", "08:30", "daily", "pve1 ya está en Proxmox 9.1.1.", f=("proxmox_ver", "9.1.1"))
st("11-18", "11:00", "project", "Mejor F1 ahora 0.86 con el dataset v0.5.", proj=EM, f=("best_f1", "0.86"))
st("11-18", "13:30", "daily", "Group meeting at the new time; Javi presented next year's lab budget.", k="d1118")

st("11-19", "09:00", "daily", "CUDA 12.8 en atlas ya funciona.", f=("cuda", "12.8"))
st("11-19", "10:00", "memory", "Me han bajado la cuota de scratch a 1.5 TB por la migración del almacenamiento de Cierzo.", f=("quota", "1.5 TB"))
st("11-19", "12:00", "memory", "Tailscale runs on the OPNsense box as a subnet router.", k="ts_subnet")
st("11-19", "21:00", "daily", "Climbing with Irene, nothing special.", k="d1119")

st("11-20", "09:00", "memory", "Digi me sube la cuota: ahora son 32 € al mes.", f=("internet_price", "32 €"))
st("11-20", "10:00", "daily", "Enviada la parte computacional del grant-2027 a Marta, un día antes del deadline interno.", k="d1120")
st("11-20", "11:00", "memory", "Bought a 10 GbE NIC for hal; remaining hardware budget is 1,420 €.", f=("budget", "1,420 €"))
st("11-20", "14:40", "daily", "Journal club: Javi presented a long-read methylation paper.", k="d1120b")

st("11-21", "10:00", "daily", "Thermostat now at 19.5 °C, let's see if we survive.", f=("thermostat", "19.5 °C"))
st("11-21", "12:00", "daily", "Montado el switch gestionado en el rack; el NAS sigue en 10.0.20.10.", f=("nas_ip", "10.0.20.10"))
st("11-21", "22:00", "daily", "Cena de cumpleaños de Javi.", k="d1121")

st("11-22", "11:00", "daily", "Quiet Sunday: cleaned up old Docker images on nas01, freed 180 GB.", k="d1122")
st("11-22", "20:00", "daily", "He llamado a mi madre; vendrá a Madrid del 23 al 28 de diciembre.", k="mother_visit")
st("11-22", "23:50", "daily", "restic check against the Storage Box passed, going to bed.", k="d1122c")

# ---------------------------------------------------------------- extra statements (filler, realistic)
st("10-05", "12:40", "project", "homelab-rebuild goal: get everything off the Movistar router and split the network into VLANs before December.", proj=HL, k="hl_goal")
st("10-06", "19:00", "daily", "Bought velcro straps for the rack.", k="d1006b")
st("10-07", "21:00", "project", "homelab-rebuild: the plan is one small always-on box for services and keep nas01 only for storage.", proj=HL, k="hl_plan")
st("10-08", "09:00", "memory", "I bike to the institute when it's not raining.", k="bike")
st("10-09", "19:30", "daily", "Updated the Immich and Nextcloud containers by hand.", k="d1009c")
st("10-12", "20:30", "daily", "Dinner with Irene at the Vietnamese place in Lavapiés.", k="d1012b")
st("10-13", "13:30", "project", "grant-2027 needs letters of support from two clinical partners.", proj=GR, k="grant_letters")
st("10-15", "20:00", "daily", "Bought the Protectli box for OPNsense.", k="d1015b")
st("10-16", "20:00", "project", "homelab-rebuild: OPNsense will go on a Protectli box, the Movistar box will stay in bridge mode.", proj=HL, k="hl_opnsense")
st("10-18", "19:00", "daily", "Nube threw up on the keyboard. The keyboard survived.", k="d1018b")
st("10-19", "17:00", "project", "Figure 3 needs per-cell-type PR curves instead of the pooled one.", proj=EM, k="fig3")
st("10-20", "12:00", "project", "grant-2027: the computational aim will ask for 2 years of a research engineer.", proj=GR, k="grant_engineer")
st("10-22", "10:00", "daily", "Meeting with the biobank doctor about shipping the new samples.", k="d1022b")
st("10-23", "20:00", "daily", "Ordered the Minisforum RAM upgrade.", k="d1023b")
st("10-24", "18:00", "project", "homelab-rebuild: network cutover done, next steps are moving services to mini02.", proj=HL, k="hl_cutover")
st("10-26", "19:00", "daily", "Signed up for the institute's Movember.", k="d1026b")
st("10-27", "12:00", "project", "The model with dilations 1-2-4-8 is the best one on validation.", proj=EM, k="dilations")
st("10-28", "16:00", "daily", "Backed up the Jellyfin config before the migration, just in case.", k="d1028c")
st("10-29", "12:00", "daily", "Lucía finished version 2 of the data loader.", k="d1029")
st("10-30", "18:00", "daily", "Went to the Movistar store to return the TV decoder.", k="d1030b")
st("10-31", "13:00", "project", "homelab-rebuild: Jellyfin, Caddy and Vaultwarden are on mini02 now; DNS and MQTT still on the Pi.", proj=HL, k="hl_status1")
st("11-01", "12:00", "memory", "I keep a paper notebook for the rack changes too, on the shelf above the desk.", k="notebook")
st("11-02", "13:00", "project", "grant-2027: letters of support requested from the 12 de Octubre and La Paz hospitals.", proj=GR, k="grant_letters2")
st("11-03", "20:00", "daily", "Dinner at home; Irene is off today.", k="d1103b")
st("11-04", "16:00", "project", "homelab-rebuild: the Raspberry Pi is retired, everything runs on mini02, pve1 and nas01.", proj=HL, k="hl_status2")
st("11-05", "15:00", "daily", "Primer entrenamiento con las 4 GPUs de hal: 2,7x más rápido que con 2.", k="d1105b")
st("11-06", "19:00", "daily", "Went for beers with the group after work.", k="d1106b")
st("11-07", "13:00", "daily", "Took the old APC to the garage and dropped its batteries at the recycling point.", k="d1107b")
st("11-08", "12:00", "daily", "Repasé la charla de Lisboa dos veces con cronómetro: 18 minutos.", k="d1108b")
st("11-10", "20:00", "daily", "Dinner with the workshop speakers by the river.", k="d1110b")
st("11-12", "12:00", "project", "Figure 3 redone with per-cell-type PR curves.", proj=EM, k="fig3_done", ev=True)
st("11-13", "19:00", "daily", "Irene and I booked a country house for the December long weekend.", k="d1113b")
st("11-14", "12:30", "project", "grant-2027: both support letters received.", proj=GR, k="grant_letters3", ev=True)
st("11-15", "13:00", "daily", "Family lunch at my aunt and uncle's.", k="d1115")
st("11-16", "20:00", "project", "homelab-rebuild: only thing left is the managed switch.", proj=HL, k="hl_status3")
st("11-17", "20:00", "daily", "Dentist appointment, all good.", k="d1117b")
st("11-18", "18:00", "daily", "Replaced the thermal paste on pve1, CPU temps down 8 degrees.", k="d1118b")
st("11-19", "15:00", "project", "Reviewer #2 style self-check: need an ablation without the dilations.", proj=EM, k="ablation")
st("11-20", "18:00", "daily", "Irene gave me a new carabiner.", k="d1120c")
st("11-21", "17:00", "project", "homelab-rebuild is basically done.", proj=HL, k="hl_done", ev=True)
st("11-22", "13:00", "daily", "Walk in the Retiro with Irene.", k="d1122b")
st("10-11", "18:00", "project", "Marta wants the enhancer model to beat Enformer on at least the K562 and HepG2 cell lines.", proj=EM, k="goal_em")
st("10-17", "18:00", "project", "homelab-rebuild: budget for home stuff is separate from the lab hardware budget.", proj=HL, k="hl_budget")
st("10-25", "20:00", "memory", "Los sábados por la mañana no quiero alertas salvo que algo esté caído.", k="alerts_pref")
st("11-01", "20:30", "memory", "Si algo del homelab se rompe un día laborable, lo arreglo por la noche, no durante el trabajo.", k="fix_pref")
st("11-09", "10:00", "daily", "Aterricé en Lisboa, hotel a 10 minutos del Gulbenkian.", k="d1109d")
st("11-19", "16:30", "daily", "Lucía sent the first draft of her master's thesis.", k="d1119b")
st("11-20", "20:00", "daily", "Reinstalled the Home Assistant Companion app on the new phone.", k="d1120d")
st("11-21", "18:30", "daily", "Tried fish with the starship prompt, I like it.", k="d1121b")
st("10-07", "12:30", "daily", "Lunch with Javi; he's thinking about applying for the lab manager position.", k="d1007b")
st("10-14", "19:30", "daily", "Updated the TP-Link firmware.", k="d1014b")
st("10-21", "13:00", "daily", "Asked for a RAM quote for mini02.", k="d1021d")
st("10-27", "13:00", "daily", "Lunch meeting with Laia about the Barcelona samples.", k="d1027c")

st("11-13", "00:30", "daily", "Couldn't sleep after the trip; launched the v0.5 dataset build on hal.", k="d1113a")
st("10-30", "00:15", "daily", "No podía dormir: he dejado preparada la configuración PPPoE de Digi en OPNsense para mañana.", k="d1030a")

# ---------------------------------------------------------------- build statements
def to_utc(day, time):
    d = dt.datetime.strptime(f"2026-{day} {time}", "%Y-%m-%d %H:%M").replace(tzinfo=TZ)
    return d.astimezone(UTC)


for s in S:
    s["utc"] = to_utc(s["day"], s["time"])
    s["local"] = s["utc"].astimezone(TZ)
S.sort(key=lambda s: s["utc"])
for i in range(1, len(S)):
    assert S[i]["utc"] > S[i - 1]["utc"], ("non-increasing time", S[i]["text"])
for i, s in enumerate(S, 1):
    s["id"] = f"s{i:03d}"
keymap = {}
for s in S:
    if s["key"]:
        assert s["key"] not in keymap, s["key"]
        keymap[s["key"]] = s

# fact chains
chains = {}
for s in S:
    for fact, val in s["facts"]:
        assert val in s["text"], (fact, val, s["text"])
        chains.setdefault(fact, []).append((s, val))
s_change = set()
fact_info = {}
for fact, ch in chains.items():
    changes = 0
    prev = None
    for s, val in ch:
        if prev is not None and val != prev:
            changes += 1
            s_change.add(s["id"])
        prev = val
    cur = ch[-1][1]
    # statements holding the current value, from the last change on
    last_change_idx = max(i for i, (s, v) in enumerate(ch) if i == 0 or v != ch[i - 1][1])
    holders = [s["id"] for s, v in ch[last_change_idx:] if v == cur]
    fact_info[fact] = dict(changes=changes, current=cur, expect=holders,
                           last_utc=ch[-1][0]["utc"], values=[v for _, v in ch])
for fact, fi in fact_info.items():
    assert 1 <= fi["changes"] <= 3, (fact, fi["changes"])


def is_event(s):
    return s["layer"] == "daily" or s["id"] in s_change or s["ev"]


# ---------------------------------------------------------------- questions
Q = []


def ask(day, time):
    return to_utc(day, time)


def qadd(qtype, day, time, text, lang, expect, value=None, note=None):
    Q.append(dict(type=qtype, asked=ask(day, time), question=text, lang=lang,
                  expect=expect, value=value, note=note))


def fid(fact, value):
    for s, v in chains[fact]:
        if v == value:
            return s["id"]
    raise KeyError((fact, value))


# ---- current_value
CV = [
    ("nas_ip", "11-23", "09:00", "What's the NAS IP address?", "en"),
    ("nas_ip", "11-26", "19:00", "¿Qué IP tiene nas01 ahora?", "es"),
    ("jellyfin_host", "11-23", "09:05", "Which machine runs Jellyfin?", "en"),
    ("proxmox_ver", "11-23", "09:10", "¿Qué versión de Proxmox tiene pve1?", "es"),
    ("ha_ver", "11-23", "09:15", "What version of Home Assistant am I on?", "en"),
    ("gateway", "11-23", "09:20", "What's my gateway IP?", "en"),
    ("dns", "11-23", "09:25", "What do I use for DNS at home?", "en"),
    ("isp", "11-23", "09:30", "¿Con qué operador tengo la fibra?", "es"),
    ("internet_price", "11-23", "09:35", "How much do I pay per month for internet?", "en"),
    ("internet_price", "11-27", "20:00", "¿Cuánto pago al mes de internet?", "es"),
    ("backup_time", "11-23", "09:40", "What time do the nightly backups run?", "en"),
    ("offsite", "11-23", "09:45", "Where do the offsite backups go?", "en"),
    ("javi_role", "11-23", "09:50", "What's Javi's role in the lab?", "en"),
    ("lab_meeting", "11-23", "10:00", "When is the lab meeting?", "en"),
    ("lab_meeting", "11-25", "08:30", "¿Cuándo es la reunión de grupo?", "es"),
    ("gpu_count", "11-23", "10:05", "How many GPUs does hal have?", "en"),
    ("cuda", "11-23", "10:10", "Which CUDA version is installed on atlas?", "en"),
    ("torch", "11-23", "10:15", "What PyTorch version does the enhancer-model env use?", "en"),
    ("grant_deadline", "11-23", "10:20", "¿Cuál es el deadline interno del grant-2027?", "es"),
    ("venue", "11-23", "10:25", "Which journal are we submitting the enhancer paper to?", "en"),
    ("seq_provider", "11-23", "10:30", "¿Quién nos hace la secuenciación?", "es"),
    ("seq_price", "11-23", "10:35", "How much does sequencing cost per sample?", "en"),
    ("elec_price", "11-23", "10:40", "What do I pay per kWh of electricity?", "en"),
    ("elec_supplier", "11-23", "10:45", "¿Cuál es mi compañía de la luz?", "es"),
    ("ups", "11-23", "10:50", "Which UPS is in the rack?", "en"),
    ("ws_name", "11-23", "10:55", "What's my workstation's hostname?", "en"),
    ("wifi_channel", "11-23", "11:00", "Which channel is the 5 GHz Wi-Fi on?", "en"),
    ("ap", "11-23", "11:05", "¿Qué punto de acceso Wi-Fi hay en el pasillo?", "es"),
    ("ssid", "11-23", "11:10", "What's the main Wi-Fi SSID?", "en"),
    ("rproxy", "11-23", "11:15", "What am I using as reverse proxy?", "en"),
    ("nc_url", "11-23", "11:20", "What's the Nextcloud URL?", "en"),
    ("grafana_port", "11-23", "11:25", "¿En qué puerto está Grafana?", "es"),
    ("partition", "11-23", "11:30", "Which cluster partition do our training jobs go to?", "en"),
    ("quota", "11-23", "11:35", "What's my scratch quota on Cierzo?", "en"),
    ("quota", "11-28", "10:00", "¿Cuánta cuota de scratch tengo en el clúster?", "es"),
    ("journal_club", "11-23", "11:40", "When is journal club?", "en"),
    ("editor", "11-23", "11:45", "What editor do I use for code?", "en"),
    ("editor", "11-26", "09:00", "¿Qué editor de código uso?", "es"),
    ("shell", "11-23", "11:50", "¿Qué shell uso?", "es"),
    ("passwords", "11-23", "11:55", "Where do I keep my passwords?", "en"),
    ("bcn_contact", "11-23", "12:00", "Who is our contact at the Barcelona sequencing core?", "en"),
    ("teaching", "11-23", "12:05", "When do I teach the Python lab?", "en"),
    ("office", "11-23", "12:10", "¿Cuál es mi despacho?", "es"),
    ("flight", "11-23", "12:15", "Which date was my Lisbon flight booked for in the end?", "en"),
    ("mini_ram", "11-23", "12:20", "How much RAM does mini02 have?", "en"),
    ("mqtt_host", "11-23", "12:25", "Where does the MQTT broker run?", "en"),
    ("zigbee", "11-23", "12:30", "¿Qué coordinador Zigbee uso?", "es"),
    ("thermostat", "11-23", "12:35", "What's the thermostat set to?", "en"),
    ("thermostat", "11-27", "08:00", "¿A cuántos grados tengo el termostato?", "es"),
    ("heating", "11-23", "12:40", "When does the heating come on during the week?", "en"),
    ("budget", "11-23", "12:45", "How much hardware budget is left this year?", "en"),
    ("budget", "11-25", "09:00", "¿Cuánto presupuesto de hardware me queda?", "es"),
    ("gpu_quote", "11-23", "12:50", "What price per RTX 4090 did we get in the best quote?", "en"),
    ("dataset_ver", "11-23", "12:55", "¿Qué versión del dataset estoy usando?", "es"),
    ("best_f1", "11-23", "13:00", "What's the best validation F1 of the enhancer model?", "en"),
    ("n_samples", "11-23", "13:05", "How many samples are in the cohort?", "en"),
    ("postgres", "11-23", "13:10", "Which Postgres version does Immich use?", "en"),
    ("vpn", "11-23", "13:15", "¿Qué uso para el acceso remoto a casa?", "es"),
    ("one_on_one", "11-23", "13:20", "When is my 1:1 with Marta?", "en"),
    ("transcoding", "11-23", "13:25", "How does Jellyfin do transcoding?", "en"),
    ("uptime", "11-23", "13:30", "How often does Uptime Kuma check?", "en"),
    ("retention", "11-23", "13:35", "How many daily snapshots does restic keep?", "en"),
    ("immich_ver", "11-23", "13:40", "¿Qué versión de Immich tengo?", "es"),
    ("ha_ver", "11-28", "12:00", "¿En qué versión está Home Assistant?", "es"),
    ("gpu_count", "11-28", "12:05", "¿Cuántas GPUs tiene hal?", "es"),
]
# later statements (not the fact statement itself) that also state/imply the current value;
# exported as optional "also_ok" (acceptable extra evidence, not required).
ALSO = {
    "jellyfin_host": ["transcoding=Intel QuickSync", "hl_status1"],
    "isp": ["internet_price=30 €", "internet_price=32 €"],
    "rproxy": ["hl_status1", "fix1117"],
    "nc_url": ["fix1117"],
    "mqtt_host": ["hl_status2"],
    "vpn": ["ha_ver=2026.11.2", "ts_subnet"],
    "shell": ["d1121b"],
    "gpu_count": ["d1105b"],
    "seq_provider": ["shipping", "batch_id", "seq_price=8.90 €"],
    "passwords": ["vw_private", "hl_status1"],
    "dataset_ver": ["best_f1=0.86"],
    "ws_name": ["cuda=12.6", "cuda=12.8"],
}
for fact, day, time, text, lang in CV:
    fi = fact_info[fact]
    assert ask(day, time) > fi["last_utc"], fact
    qadd("current_value", day, time, text, lang, list(fi["expect"]), fi["current"])
    also = [fid(*k.split("=")) if "=" in k else keymap[k]["id"] for k in ALSO.get(fact, [])]
    for e in also:
        st_ = next(x for x in S if x["id"] == e)
        assert fi["current"] in st_["text"] and e not in fi["expect"], (fact, e)
    Q[-1]["also"] = also

# ---- temporal
DAYS = {d: i for i, d in enumerate(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])}


def window(asked_local, spec):
    today = asked_local.date()
    kind = spec[0]
    if kind == "yesterday":
        return [today - dt.timedelta(days=1)]
    if kind == "today":
        return [today]
    if kind == "ago":
        return [today - dt.timedelta(days=spec[1])]
    if kind == "weekday":  # most recent such weekday strictly before today
        wd = DAYS[spec[1]]
        delta = (today.weekday() - wd) % 7 or 7
        assert 2 <= delta <= 6, ("ambiguous weekday", spec, today)
        return [today - dt.timedelta(days=delta)]
    if kind == "date":
        return [dt.date.fromisoformat(spec[1])]
    if kind == "range":
        a, b = dt.date.fromisoformat(spec[1]), dt.date.fromisoformat(spec[2])
        return [a + dt.timedelta(days=i) for i in range((b - a).days + 1)]
    if kind == "last_week":
        mon = today - dt.timedelta(days=today.weekday() + 7)
        return [mon + dt.timedelta(days=i) for i in range(7)]
    if kind == "last_weekend":
        sat = today - dt.timedelta(days=(today.weekday() - 5) % 7 or 7)
        assert sat.weekday() == 5
        return [sat, sat + dt.timedelta(days=1)]
    if kind == "month":
        return [dt.date(2026, spec[1], d) for d in range(1, 32) if (spec[1] != 11 or d <= 30)]
    raise ValueError(spec)


def tq(day, time, text, lang, spec, sel="event", hours=None):
    asked = ask(day, time)
    aloc = asked.astimezone(TZ)
    if spec[0] == "keys":
        exp = [keymap[k]["id"] if k in keymap else k for k in spec[1]]
        Q.append(dict(type="temporal", asked=asked, question=text, lang=lang, expect=exp, value=None, note="keys"))
        return
    days = set(window(aloc, spec))
    exp = []
    for s in S:
        if s["utc"] >= asked:
            continue
        if s["local"].date() not in days:
            continue
        if hours and not (hours[0] <= s["local"].hour < hours[1]):
            continue
        if sel == "event" and is_event(s):
            exp.append(s["id"])
        elif sel == "fix" and s["tag"] == "fix":
            exp.append(s["id"])
        elif sel == "change" and s["id"] in s_change:
            exp.append(s["id"])
    assert exp, (text, spec)
    Q.append(dict(type="temporal", asked=asked, question=text, lang=lang, expect=exp, value=None,
                  note=f"{sel} on {min(days)}..{max(days)}" + (f" hours {hours}" if hours else "")))




tq("10-07", "09:00", "What did I do yesterday?", "en", ("yesterday",))
tq("10-13", "08:00", "¿Qué hice el sábado?", "es", ("weekday", "Sat"))
tq("10-19", "08:30", "What happened last Thursday?", "en", ("weekday", "Thu"))
tq("10-22", "09:00", "What did I fix on 2026-10-14?", "en", ("date", "2026-10-14"), sel="fix")
tq("10-25", "12:00", "¿Qué pasó hace 3 días?", "es", ("ago", 3))
tq("10-26", "08:00", "What did I get done over the weekend?", "en", ("last_weekend",))
tq("10-27", "08:05", "¿Qué hice el domingo?", "es", ("weekday", "Sun"))
tq("10-29", "21:30", "What did I do on Tuesday?", "en", ("weekday", "Tue"))
tq("11-03", "08:00", "What changed in the week of October 26?", "en", ("range", "2026-10-26", "2026-11-01"), sel="change")
tq("11-04", "20:00", "¿Qué arreglé ayer?", "es", ("yesterday",), sel="fix")
tq("11-06", "18:00", "What happened on Monday?", "en", ("weekday", "Mon"))
tq("11-09", "07:00", "¿Qué hice ayer?", "es", ("yesterday",))
tq("11-12", "20:00", "What did I do between November 9 and 11?", "en", ("range", "2026-11-09", "2026-11-11"))
tq("11-13", "08:00", "What happened the day before yesterday?", "en", ("ago", 2))
tq("11-16", "08:00", "¿Qué hice el viernes pasado?", "es", ("weekday", "Fri"))
tq("11-18", "21:00", "What did I do on 2026-11-12?", "en", ("date", "2026-11-12"))
tq("11-20", "08:00", "¿Qué pasó el martes?", "es", ("weekday", "Tue"))
tq("11-22", "09:00", "What happened yesterday?", "en", ("yesterday",))
tq("11-23", "09:00", "What did I do last weekend?", "en", ("last_weekend",))
tq("11-23", "09:30", "¿Qué cambió la semana pasada?", "es", ("last_week",), sel="change")
tq("11-24", "10:00", "What did I fix last week?", "en", ("last_week",), sel="fix")
tq("11-24", "10:05", "What did I fix in October?", "en", ("month", 10), sel="fix")
tq("11-24", "10:10", "¿Qué arreglé en noviembre?", "es", ("month", 11), sel="fix")
tq("11-25", "10:00", "¿Qué hice el 30 de octubre?", "es", ("date", "2026-10-30"))
tq("11-25", "10:05", "What happened on October 25?", "en", ("date", "2026-10-25"))
tq("11-25", "10:10", "What did I do on Halloween?", "en", ("date", "2026-10-31"))
tq("10-12", "08:00", "What did I do last week?", "en", ("last_week",))
tq("10-21", "20:00", "¿Qué pasó ayer?", "es", ("yesterday",))
tq("10-28", "08:00", "What happened 2 days ago?", "en", ("ago", 2))
tq("11-01", "12:00", "¿Qué hice anteayer?", "es", ("ago", 2))
tq("11-08", "21:30", "What did I do on Thursday?", "en", ("weekday", "Thu"))
tq("11-11", "09:00", "¿Qué hice hace una semana?", "es", ("ago", 7))
tq("11-15", "20:00", "What did I do today?", "en", ("today",))
tq("11-19", "22:00", "¿Qué hice esta mañana?", "es", ("today",), hours=(6, 14))
tq("11-26", "10:00", "When did I migrate Jellyfin to the new box?", "en", ("keys", [fid("jellyfin_host", "mini02")]))
tq("11-26", "10:05", "¿Cuándo me cambié a Digi?", "es", ("keys", [fid("isp", "Digi")]))
tq("11-26", "10:10", "When did mini02 arrive?", "en", ("keys", ["mini02_arrival"]))
tq("11-26", "10:15", "When did I upgrade pve1 to Proxmox 9.0.3?", "en", ("keys", [fid("proxmox_ver", "9.0.3")]))
tq("11-26", "10:20", "¿Cuándo instalé el SAI nuevo?", "es", ("keys", [fid("ups", "Eaton 5S 1000")]))
tq("11-26", "10:25", "When did I give my talk in Lisbon?", "en", ("keys", ["d1110"]))
tq("11-27", "10:00", "¿Qué pasó la semana del 2 de noviembre?", "es", ("range", "2026-11-02", "2026-11-08"))
tq("10-18", "20:30", "What did I do on Friday?", "en", ("weekday", "Fri"))
tq("10-31", "10:30", "¿Qué hice el miércoles?", "es", ("weekday", "Wed"))
tq("11-27", "10:05", "When did I switch the reverse proxy to Caddy?", "en", ("keys", [fid("rproxy", "Caddy")]))
tq("11-27", "10:10", "What did I change on the network on October 24?", "en", ("keys", [fid("gateway", "10.0.0.1"), "vlans"]))

# ---- answerable
AN = [
    ("What's my cat's name?", "en", ["cat"]),
    ("Who is my PI?", "en", ["pi"]),
    ("What hardware is pve1?", "en", ["pve1_hw"]),
    ("What tool do I use for backups?", "en", ["restic"]),
    ("Where does Home Assistant run?", "en", ["ha_vm"]),
    ("¿Quién es mi estudiante de máster?", "es", ["lucia"]),
    ("When does Watchtower update the containers?", "en", ["watchtower", "backup_time=01:00"]),
    ("¿Dónde vive mi madre?", "es", ["mother"]),
    ("Where is hal physically?", "en", ["hal_loc"]),
    ("What's the conda env for the enhancer model called?", "en", ["conda_env"]),
    ("What's the name of the university cluster?", "en", ["cluster_name"]),
    ("What architecture is the enhancer model?", "en", ["arch"]),
    ("¿A qué convocatoria va el grant-2027?", "es", ["grant_call"]),
    ("What's the title of my Lisbon talk?", "en", ["talk_title"]),
    ("When does the ZFS scrub run?", "en", ["scrub"]),
    ("What OS did I install on mini02?", "en", ["d1020b"]),
    ("What model is mini02?", "en", ["mini02_arrival"]),
    ("¿Qué VLANs creé?", "es", ["vlans"]),
    ("What's my internal domain at home?", "en", ["domain"]),
    ("¿En qué trabaja Irene?", "es", ["irene_job"]),
    ("Where do I work?", "en", ["work"]),
    ("What drives are in nas01?", "en", ["nas_disks"]),
    ("Where is my code hosted?", "en", ["forgejo"]),
    ("¿Tengo alguna alergia alimentaria?", "es", ["allergy"]),
    ("¿Cuántas cámaras tengo en el patio?", "es", ["cameras"]),
    ("Where are the spare drives?", "en", ["spares"]),
    ("What's the biobank agreement number?", "en", ["biobank"]),
    ("¿Cuándo es el cumpleaños de Irene?", "es", ["irene_bday"]),
    ("What batch size works best on the 3090s?", "en", ["batchsize"]),
    ("Who is the internal reviewer for grant-2027?", "en", ["reviewer"]),
    ("Which workshop did I go to in Lisbon?", "en", ["workshop"]),
    ("¿Cómo tomo el café?", "es", ["coffee"]),
    ("How much power does the rack draw at idle?", "en", ["idle_power"]),
    ("¿Cuándo defiende Lucía su TFM?", "es", ["lucia_defense"]),
    ("How do I get into the server room after 8 pm?", "en", ["server_room"]),
    ("¿Qué día se envían los tubos a Novogene?", "es", ["shipping"]),
    ("Is Vaultwarden exposed to the internet?", "en", ["vw_private"]),
    ("Who do I share office C-105 with?", "en", ["office_share"]),
    ("Which Novogene batch has the 24 new samples?", "en", ["batch_id"]),
    ("¿Cuántas figuras tiene el paper?", "es", ["figures"]),
    ("What does the grant-2027 budget ask for?", "en", ["grant_budget"]),
    ("Where does Tailscale run?", "en", ["ts_subnet"]),
    ("¿Cuándo viene mi madre a Madrid?", "es", ["mother_visit"]),
    ("Which chromosomes are held out for testing?", "en", ["split"]),
    ("In which language do I prefer technical answers?", "en", ["lang_pref"]),
    ("What did Marta comment on in my draft?", "en", ["d1116"]),
    ("Who presented at journal club on October 23?", "en", ["d1023"]),
    ("¿Qué quiere Marta que supere el modelo?", "es", ["goal_em"]),
    ("How much faster was training with 4 GPUs on hal?", "en", ["d1105b"]),
    ("¿Cuánto dura mi charla de Lisboa?", "es", ["d1108b"]),
]
for i, (text, lang, keys) in enumerate(AN):
    day = "11-24" if i % 2 else "11-25"
    time = f"{12 + i // 10:02d}:{(i % 10) * 5:02d}"
    qadd("answerable", day, time, text, lang, [fid(*k.split("=")) if "=" in k else keymap[k]["id"] for k in keys])

# ---- unanswerable: (question, lang, tokens that must not appear in any statement)
UN = [
    ("What's the guest Wi-Fi SSID?", "en", ["guest ssid", "guest wi-fi", "ssid for guests", "invitados"]),
    ("¿Cuál es la contraseña del Wi-Fi?", "es", ["password is", "contraseña del wi", "wpa"]),
    ("What's the IP address of mini02?", "en", ["mini02 is at", "mini02 at 10.", "192.168.1.30"]),
    ("What's pve1's IP address?", "en", ["pve1 is at", "pve1 at 10.", "pve1 at 192"]),
    ("What IP does hal have?", "en", ["hal is at", "hal at 10."]),
    ("What printer do I have?", "en", ["printer", "impresora"]),
    ("¿Qué versión de Jellyfin tengo?", "es", ["jellyfin 10.", "jellyfin v"]),
    ("Which Linux distro runs on atlas?", "en", ["ubuntu", "fedora", "arch linux", "atlas runs"]),
    ("What's Marta's phone number?", "en", ["marta.s phone", "teléfono de marta", "móvil de marta", "phone number"]),
    ("When is Marta's birthday?", "en", ["marta's birthday", "cumpleaños de marta"]),
    ("What's my dog's name?", "en", ["dog", "perro"]),
    ("How much RAM does pve1 have?", "en", ["pve1 has", "gb ram in pve1"]),
    ("How full is the ZFS pool?", "en", ["% full", "pool usage", "used space"]),
    ("What's the VLAN ID of the IoT network?", "en", ["vlan id", "vlan 20", "vlan 30", "vlan 10"]),
    ("When did I last replace a NAS drive?", "en", ["replaced a drive", "new drive", "disco nuevo", "resilver"]),
    ("Which Tailscale exit node do I use?", "en", ["exit node"]),
    ("How much power does hal draw?", "en", ["hal draws", "hal consume"]),
    ("Which hotel did I stay at in Lisbon?", "en", ["hotel lisboa", "hotel tivoli", "hotel name"]),
    ("What's Lucía's surname?", "en", ["surname", "apellido"]),
    ("What's my ORCID?", "en", ["orcid"]),
    ("Which TrueNAS version is nas01 on?", "en", ["truenas 2", "truenas scale 2", "electric eel", "dragonfish", "fangtooth"]),
    ("¿Cuánto costó el SAI Eaton?", "es", ["eaton 5s 1000 cost", "sai costó", "€ el sai"]),
    ("How much did the Minisforum MS-01 cost?", "en", ["ms-01 cost", "ms-01 for"]),
    ("What read length do we sequence at?", "en", ["read length", "2x150", "pe150", "150 bp"]),
    ("What learning rate does the enhancer model use?", "en", ["learning rate", "lr="]),
    ("Which Zigbee channel do I use?", "en", ["zigbee channel", "canal zigbee", "channel 15", "channel 25"]),
    ("¿Cuánto espacio tiene el Storage Box de Hetzner?", "es", ["bx11", "bx21", "storage box of", "tb storage box"]),
    ("What's the name of Irene's mother?", "en", ["madre de irene", "irene's mother"]),
    ("¿Cuándo es el cumpleaños de mi madre?", "es", ["cumpleaños de mi madre"]),
    ("When did I migrate Home Assistant to mini02?", "en", ["home assistant to mini02", "ha to mini02", "home assistant a mini02"]),
    ("When did I buy the RTX 5090?", "en", ["5090"]),
    ("When did I upgrade pve1 to Proxmox 10?", "en", ["proxmox 10"]),
    ("What did I do on October 3, 2026?", "en", []),
    ("¿Qué hice el 1 de septiembre?", "es", []),
    ("What Docker version is on nas01?", "en", ["docker 2", "docker version"]),
    ("Which brand is my smart thermostat?", "en", ["tado", "netatmo", "nest"]),
    ("¿Qué coche tengo?", "es", ["coche", "car "]),
    ("Who is the head of IT at the institute?", "en", ["head of it", "jefe de informática"]),
    ("What's the Grafana admin username?", "en", ["admin user", "usuario admin"]),
    ("¿Cuándo termina la permanencia con Digi?", "es", ["permanencia"]),
    ("What's the name of Javi's partner?", "en", ["javi's partner", "pareja de javi", "novia de javi"]),
    ("Do I have a robot vacuum? Which model?", "en", ["vacuum", "roomba", "robot aspirador"]),
    ("¿Qué antivirus uso?", "es", ["antivirus"]),
    ("How much is my rent?", "en", ["rent", "alquiler"]),
    ("What's the serial number of the Eaton UPS?", "en", ["serial"]),
    ("What's the MTU on the servers VLAN?", "en", ["mtu", "jumbo"]),
    ("¿Cuál es el teléfono de Pau?", "es", ["teléfono de pau", "pau's phone"]),
    ("What GPU does atlas have?", "en", ["atlas has", "gpu in atlas", "atlas tiene"]),
    ("When did Marta approve the paper for submission?", "en", ["approved", "aprobó"]),
    ("What was the enhancer model's F1 on the test set?", "en", ["test f1", "f1 on test", "f1 en test"]),
    ("¿A qué temperatura va la CPU de hal?", "es", ["hal cpu", "cpu de hal"]),
    ("What SSH port does nas01 use?", "en", ["ssh"]),
    ("¿Qué versión de Caddy tengo?", "es", ["caddy 2", "caddy v"]),
    ("Which Nextcloud version am I running?", "en", ["nextcloud 2", "nextcloud v"]),
    ("¿Cuántos GB de RAM tiene atlas?", "es", ["atlas has", "atlas tiene"]),
    ("Who leads the Oporto group I met in Lisbon?", "en", ["group leader", "jefe del grupo de oporto"]),
    ("¿Cuál es la capital de Francia?", "es", []),
    ("Who wrote Don Quixote?", "en", []),
    ("What is 17 times 23?", "en", []),
    ("What's the speed of light in a vacuum?", "en", []),
    ("¿Cuál es la capital de Portugal?", "es", []),
    ("¿Quién pintó Las Meninas?", "es", []),
    ("How many chromosomes do humans have?", "en", []),
    ("¿En qué año llegó el hombre a la Luna?", "es", []),
    ("What's the boiling point of water at sea level?", "en", []),
    ("Who won the 2010 FIFA World Cup?", "en", []),
]
alltext = " \n".join(s["text"].lower() for s in S)
for i, (text, lang, toks) in enumerate(UN):
    for t in toks:
        assert not re.search(r"(?<!\w)" + re.escape(t.strip()) + r"(?!\w)", alltext), (text, t)
    day = "11-26" if i % 2 else "11-27"
    time = f"{15 + i // 12:02d}:{(i % 12) * 5:02d}"
    qadd("unanswerable", day, time, text, lang, [])

# ---------------------------------------------------------------- checks & output
texts = [q["question"] for q in Q]
assert len(texts) == len(set(texts)), [t for t in texts if texts.count(t) > 1]
ids = {s["id"] for s in S}
for q in Q:
    for e in q["expect"]:
        assert e in ids, (q, e)
    if q["type"] == "current_value":
        for e in q["expect"]:
            st_ = next(s for s in S if s["id"] == e)
            assert q["value"] in st_["text"]
            assert st_["utc"] < q["asked"]
    for e in q["expect"]:
        st_ = next(s for s in S if s["id"] == e)
        assert st_["utc"] < q["asked"], (q["question"], e)

statements = [dict(at=s["utc"].strftime("%Y-%m-%dT%H:%M:%SZ"), text=s["text"], layer=s["layer"],
                   project=s["project"], id=s["id"]) for s in S]
Q.sort(key=lambda q: (q["type"], q["asked"]))
order = ["current_value", "temporal", "answerable", "unanswerable"]
Q.sort(key=lambda q: (order.index(q["type"]), q["asked"]))
questions = []
for i, q in enumerate(Q, 1):
    d = dict(id=f"q{i:03d}", asked_at=q["asked"].strftime("%Y-%m-%dT%H:%M:%SZ"), question=q["question"],
             type=q["type"], expect=q["expect"], lang=q["lang"])
    if q["value"] is not None:
        d["expect_value"] = q["value"]
    if q.get("also"):
        d["also_ok"] = q["also"]
    questions.append(d)

scenario = {"tz": "Europe/Madrid", "start": "2026-10-05", "statements": statements, "questions": questions}
with open(OUT, "w", encoding="utf-8") as fh:
    json.dump(scenario, fh, ensure_ascii=False, indent=1)

# stats
def es_share(items, key="lang"):
    return sum(1 for x in items if x == "es")

nl = sum(1 for s in S if s["lang"] == "es")
print("statements", len(S))
print("changed facts", len(fact_info), "change statements", len(s_change))
from collections import Counter
print(Counter(q["type"] for q in questions))
print(Counter((q["type"], q["lang"]) for q in questions))
print("es questions", sum(q["lang"] == "es" for q in questions), "/", len(questions))
with open("/work/corpora/answers/changed_facts.json", "w") as fh:
    json.dump({k: dict(changes=v["changes"], values=v["values"], current=v["current"], expect=v["expect"]) for k, v in fact_info.items()}, fh, ensure_ascii=False, indent=1)
