"""Reglerne på dansk (the same sections as the English text of rules_text.py).

The words follow the glossary in strings_da.py; Dobbelt-H keeps the words of
the original Danish help text (seeds/double-h.da.txt).
"""

from __future__ import annotations

RULES_DA: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "kabalam": (
        ("Kortene og kortgivningen", (
            "To spil kort uden tiere, bønder, damer og konger: 72 kort, es (1) til 9. Farverne betyder aldrig noget.",
            "Kabalaen er tre bunker, hver med et kort med bagsiden opad under et kort med billedsiden opad. "
            "Alle får en beholdning på 10 kort, som kun de selv ser; resten er trækbunken.",
        )),
        ("Tværsummen", (
            "Læg de tre åbne kort sammen, og bliv ved med at lægge cifrene sammen, til der kun er ét ciffer tilbage: "
            "7 + 4 + 2 = 13, og 1 + 3 = 4. Det tal, 1 til 9, er målet.",
        )),
        ("Din tur", (
            "Træk et kort, og spil så på én bunke: et rent udlæg (et eller flere kort med målets værdi) "
            "eller en double (to kort, der tilsammen giver målet; det laveste kort lægges øverst).",
            "Vend så bunken om: dens nederste kort kommer frem, og målet skifter. "
            "Bliv ved med at spille, så længe du kan; når du ikke kan mere, siger du »Jeg stopper«.",
            "Kan du ikke spille et eneste kort, siger du »Pas« og vender en bunke efter eget valg. "
            "Melder du pas med 13 kort eller flere, er du ude af runden med 100 point.",
        )),
        ("Når en runde slutter", (
            "Spiller du dit sidste kort, lukker du: de andre får summen af deres kort i point. "
            "Når trækbunken er tom, og alle melder pas efter hinanden, får alle det dobbelte af deres sum.",
            "Point er dårlige. Kommer du over 101, er du ude af partiet; den sidste, der er tilbage, er den Store Kabalist.",
        )),
        ("Husk", (
            "En vending vender bunken på hovedet, så det kort, der kommer frem næste gang, er det, der ligger øverst nu. "
            "At huske det er den evne, spillet belønner.",
        )),
    ),
    "patience": (
        ("Alene med Kabalaen", (
            "Ét spil med 36 kort, es til 9. Tre bunker udgør Kabalaen; din beholdning på 10 kort ligger med "
            "billedsiden opad; de andre 20 er trækbunken. Begynd med at trække 2 kort.",
        )),
        ("Spillet", (
            "Spil rene udlæg og doubler på tværsummen, præcis som i KABALAM, og vend bunken hver gang.",
            "Når du ikke kan spille mere, trækker du 2 kort. Har du ikke kunnet spille et eneste kort, siden du sidst trak, "
            "vender du først en bunke og trækker så 2.",
        )),
        ("Vundet og tabt", (
            "Kabalen går op, når din beholdning er tom. Du taber, når du ikke kan spille, og trækbunken er slut, "
            "eller når du ikke kan spille et eneste kort og har 13 eller flere: ude med tretten.",
        )),
    ),
    "double-h": (
        ("Oplægget", (
            "To spil kort med i alt 104 blade. To H'er med hver 13 pladser: i venstre ben es til 5, "
            "i højre ben 6 til 10 og i tværstregen bonde, dame og konge. Hver kortværdi har to pladser, én i hvert H.",
            "Der lægges ét kort med billedsiden opad på hver plads; de resterende 78 kort lægges i håndbunken.",
        )),
        ("Formålet", (
            "Hver plads skal ende som en bunke med de fire kort af pladsens værdi: nederst klør, "
            "så ruder, så spar og øverst hjerter.",
            "En klør, der ligger nederst på en plads med sin egen værdi, ligger på rette plads (rød ramme) "
            "og kan ikke længere flyttes; bunken er fuldendt, når hjerter lægges på (mørkerød ramme).",
        )),
        ("Sådan flyttes kortene", (
            "Kun det øverste kort i en bunke eller i afkastningsbunken kan flyttes, ét ad gangen. Et kort kan lægges "
            "på en bunke efter byggeprincippet (den næste farve med pladsens værdi) eller midlertidigt lægges "
            "på et kort med samme værdi i omvendt rækkefølge: klør på ruder, ruder på spar, spar på hjerter.",
            "En klør kan flyttes til en tom plads med sin egen værdi. Det øverste kort i afkastningsbunken "
            "kan flyttes til en hvilken som helst tom plads.",
            "Et kort, der ikke er klør, og som ligger nederst på sin egen plads, får en gul ramme: bunken bygges omvendt op, "
            "og når klør-kortet ligger øverst, kan hele bunken vendes rundt, så den kommer til at ligge rigtigt.",
        )),
        ("Håndbunke, afkastningsbunke og spillerunder", (
            "Håndbunkens kort vendes ét efter ét over i afkastningsbunken, men ikke så længe der er en tom plads, "
            "medmindre afkastningsbunken er tom. Der er 3 spillerunder: går kabalen op i første spillerunde, "
            "tæller det tre gange, i anden spillerunde to gange.",
            "Se dig godt for, når du lægger et kort på en tom plads: to kort, der ligger på hinandens pladser, "
            "kan aldrig bytte plads.",
        )),
    ),
}
