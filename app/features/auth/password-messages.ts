/**
 * Password strength: the meter's words and zxcvbn's feedback in German. The feedback
 * follows @zxcvbn-ts/language-de's translations, rewritten as whole sentences addressed with "du".
 */
export const PASSWORD_MESSAGES = {
  tooShort: "Das Passwort muss mindestens 10 Zeichen lang sein.",
  tooLong: "Das Passwort darf höchstens 128 Zeichen lang sein.",
  tooWeak: "Dieses Passwort ist zu leicht zu erraten.",
  /** Added when zxcvbn gives no reason of its own. */
  tooWeakHint:
    "Nimm ein längeres Passwort, zum Beispiel aus vier oder mehr Wörtern, die nicht zusammengehören.",
  meterLabel: "Passwortstärke",
  /** zxcvbn's score 0–4; 3 is the least the server accepts. */
  strength: ["sehr schwach", "schwach", "mittel", "gut", "sehr gut"],
  meterTooWeak: "Noch zu schwach: Erst ab „gut“ wird das Passwort angenommen.",
  meterEnough: "Stark genug.",
} as const;

/** zxcvbn's translation keys (core's TranslationKeys), in German with "du". */
export const ZXCVBN_GERMAN = {
  warnings: {
    straightRow: "Gerade Tastenreihen auf der Tastatur sind leicht zu erraten.",
    keyPattern: "Kurze Tastaturmuster sind leicht zu erraten.",
    simpleRepeat: "Wiederholte Zeichen wie „aaa“ sind leicht zu erraten.",
    extendedRepeat: "Wiederholte Zeichenmuster wie „abcabcabc“ sind leicht zu erraten.",
    sequences: "Häufige Zeichenfolgen wie „abc“ sind leicht zu erraten.",
    recentYears: "Jahreszahlen der letzten Jahre sind leicht zu erraten.",
    dates: "Ein Datum ist leicht zu erraten.",
    topTen: "Das ist eines der häufigsten Passwörter überhaupt.",
    topHundred: "Das ist ein sehr häufig verwendetes Passwort.",
    common: "Das ist ein oft verwendetes Passwort.",
    similarToCommon: "Das ähnelt einem oft verwendeten Passwort.",
    wordByItself: "Einzelne Wörter sind leicht zu erraten.",
    namesByThemselves: "Einzelne Vor- oder Nachnamen sind leicht zu erraten.",
    commonNames: "Vor- und Nachnamen sind leicht zu erraten.",
    userInputs: "Das Passwort sollte weder deinen Namen noch deine E-Mail-Adresse enthalten.",
    pwned: "Dieses Passwort wurde bei einem Datenleck im Internet veröffentlicht.",
  },
  suggestions: {
    l33t: "Vorhersehbare Ersetzungen wie „@“ für „a“ helfen kaum.",
    reverseWords: "Rückwärts geschriebene Wörter helfen kaum.",
    allUppercase: "Schreib einige, aber nicht alle Buchstaben groß.",
    capitalization: "Schreib nicht nur den ersten Buchstaben groß.",
    dates: "Vermeide Daten, die mit dir zu tun haben.",
    recentYears: "Vermeide Jahreszahlen der letzten Jahre.",
    associatedYears: "Vermeide Jahreszahlen, die mit dir zu tun haben.",
    sequences: "Vermeide häufige Zeichenfolgen.",
    repeated: "Vermeide wiederholte Wörter und Zeichen.",
    longerKeyboardPattern: "Nimm längere Tastaturmuster mit mehreren Richtungswechseln.",
    anotherWord: "Füge weitere, weniger gebräuchliche Wörter hinzu.",
    useWords: "Nimm mehrere Wörter, aber keine bekannten Redewendungen.",
    noNeed: "Ein starkes Passwort braucht keine Sonderzeichen, Ziffern oder Großbuchstaben.",
    pwned: "Wenn du dieses Passwort anderswo verwendest, ändere es dort.",
  },
  timeEstimation: {
    ltSecond: "weniger als eine Sekunde",
    second: "{base} Sekunde",
    seconds: "{base} Sekunden",
    minute: "{base} Minute",
    minutes: "{base} Minuten",
    hour: "{base} Stunde",
    hours: "{base} Stunden",
    day: "{base} Tag",
    days: "{base} Tage",
    month: "{base} Monat",
    months: "{base} Monate",
    year: "{base} Jahr",
    years: "{base} Jahre",
    centuries: "Jahrhunderte",
  },
};
