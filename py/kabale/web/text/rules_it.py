"""Le regole in italiano (the same sections as the English text of rules_text.py).

The words follow the glossary in strings_it.py.
"""

from __future__ import annotations

RULES_IT: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "kabalam": (
        ("Il mazzo e la distribuzione", (
            "Due mazzi senza dieci, fanti, donne e re: 72 carte, dall'Asso (1) al 9. I semi non contano mai.",
            "La Kabala è fatta di tre mazzetti, ognuno con una carta coperta sotto una carta scoperta. "
            "Ogni giocatore riceve una dotazione di 10 carte che vede solo lui; il resto è il tallone.",
        )),
        ("La somma cabalistica", (
            "Somma le tre carte scoperte e continua a sommare le cifre finché ne resta una sola: "
            "7 + 4 + 2 = 13, e 1 + 3 = 4. Quel numero, da 1 a 9, è l'obiettivo.",
        )),
        ("Il tuo turno", (
            "Pesca una carta, poi gioca su un mazzetto: una Discesa Nuda (una o più carte del valore dell'obiettivo) "
            "o una Doppia (due carte che sommate fanno l'obiettivo; la carta più bassa va sopra).",
            "Poi capovolgi quel mazzetto: la carta che era in fondo viene in vista e l'obiettivo cambia. "
            "Continua a giocare finché puoi; quando non puoi più, di' «Cedo».",
            "Se non puoi giocare nemmeno una carta, di' «Passo» e capovolgi un mazzetto a tua scelta. "
            "Chi passa con 13 o più carte esce dalla mano con 100 punti.",
        )),
        ("La fine di una mano", (
            "Se giochi la tua ultima carta, chiudi: gli altri prendono la somma delle loro carte. "
            "Quando il tallone è vuoto e tutti passano uno dopo l'altro, ognuno prende il doppio della sua somma.",
            "I punti sono un male. Oltre 101 esci dalla partita; l'ultimo che resta è il Gran Kabalista.",
        )),
        ("Ricorda", (
            "Capovolgere un mazzetto ne inverte l'ordine, quindi la carta che verrà in vista la prossima volta "
            "è quella che adesso sta in cima. Ricordarla è l'abilità che questo gioco premia.",
        )),
    ),
    "patience": (
        ("In solitario con la Kabala", (
            "Un mazzo di 36 carte, dall'Asso al 9. Tre mazzetti formano la Kabala; la tua dotazione di 10 carte "
            "è scoperta; le altre 20 sono il tallone. Comincia pescando 2 carte.",
        )),
        ("Il gioco", (
            "Gioca Discese Nude e Doppie sulla somma cabalistica, esattamente come in KABALAM, "
            "capovolgendo ogni volta il mazzetto.",
            "Quando non puoi più giocare, pesca 2 carte. Se dall'ultima pescata non hai potuto giocare nemmeno una carta, "
            "prima capovolgi un mazzetto, poi pesca 2 carte.",
        )),
        ("Vittoria e sconfitta", (
            "Vinci quando la tua dotazione è vuota. Perdi quando non puoi giocare e il tallone è finito, "
            "oppure quando non puoi giocare nemmeno una carta e ne hai 13 o più: fuori con tredici.",
        )),
    ),
    "double-h": (
        ("La disposizione", (
            "Due mazzi, 104 carte. Due H di 13 posti ciascuna: la gamba sinistra dall'Asso al 5, "
            "la gamba destra dal 6 al 10 e la traversa Fante, Donna, Re. Ogni valore ha due posti, uno in ogni H.",
            "Su ogni posto va una carta scoperta; le altre 78 formano il tallone.",
        )),
        ("Lo scopo", (
            "Ogni posto deve finire con una pila delle quattro carte del suo valore: fiori in fondo, "
            "poi quadri, picche, cuori.",
            "Una carta di fiori in fondo a un posto del suo valore è al posto giusto (cornice rossa) e non si muove più; "
            "la sua pila è completa con la carta di cuori (rosso scuro).",
        )),
        ("Spostare le carte", (
            "Si sposta solo la carta in cima a una pila o agli scarti, una alla volta. Una carta può andare sulla sua costruzione "
            "(se è il seme successivo sul posto del suo valore), oppure si parcheggia su una carta dello stesso valore "
            "in ordine inverso: fiori su quadri, quadri su picche, picche su cuori.",
            "Una carta di fiori può andare su un posto vuoto del suo valore. La carta in cima agli scarti "
            "può andare su qualsiasi posto vuoto.",
            "Una carta che non è di fiori e sta in fondo al proprio posto ha una cornice gialla: la sua pila si costruisce "
            "al contrario, e quando in cima arriva la carta di fiori si può capovolgere tutta la pila nell'ordine giusto.",
        )),
        ("Tallone, scarti e giri", (
            "Gira il tallone sugli scarti una carta alla volta, ma non mentre un posto è vuoto e gli scarti non lo sono. "
            "Tre giri: una vittoria al primo vale tre volte, al secondo due.",
            "Attenzione a cosa metti su un posto vuoto: due carte che stanno ciascuna sul posto dell'altra "
            "non possono mai scambiarsi.",
        )),
    ),
}
