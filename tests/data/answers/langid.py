import re
ES = set("el la los las que con por para hoy he ya mi me ahora al del una es son se lo sin muy y en de le ha un mis está están cambié pasa actualicé bajé cambiamos vamos revista termostato intervalo bajado segundos problemas".split())
EN = set("the is to on at of and my i it for with in from now today we an are was be so just".split())
def lang(t):
    w = re.findall(r"[a-záéíóúñü]+", t.lower())
    es = sum(x in ES for x in w) + 2 * bool(re.search("[ñ¿¡]", t))
    en = sum(x in EN for x in w)
    return "es" if es > en else "en"
