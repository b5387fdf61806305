/** The Profil tab's sign-in security texts, addressed to the owner with "du". */
export const SECURITY_MESSAGES = {
  heading: "Anmeldung und Sicherheit",
  signedOut: "Du bist nicht mehr angemeldet. Bitte melde dich erneut an.",
  confirmHeading: "Identität bestätigen",
  confirmIntro:
    "Bevor du Passwort, Passkeys, zweiten Faktor oder die Anmelde-Einstellung änderst, bestätige bitte, dass du es bist (gilt 10 Minuten).",
  confirmFirst:
    "Bitte bestätige zuerst deine Identität unter „Identität bestätigen“ (ohne zweiten Faktor mit dem Passwort, sonst mit Code oder Passkey). Die Bestätigung gilt 10 Minuten.",
  confirmIntroSecondFactor:
    "Bevor du Passwort, Passkeys, zweiten Faktor oder die Anmelde-Einstellung änderst, bestätige bitte, dass du es bist (gilt 10 Minuten). Weil für dein Konto ein zweiter Faktor eingerichtet ist, genügt das Passwort allein dafür nicht.",
  confirmCodeLabel: "Code aus der Authenticator-App oder Wiederherstellungscode",
  passwordChangeCodeLabel: "Bestätigungscode (Authenticator-App oder Wiederherstellungscode)",
  passwordNotEnough:
    "Für dein Konto ist ein zweiter Faktor eingerichtet: Bestätige bitte mit einem Code aus der Authenticator-App, einem Wiederherstellungscode oder einem Passkey. Das Passwort allein genügt nicht.",
  passwordNotEnoughPasskey:
    "Für dein Konto ist ein Passkey eingerichtet: Bestätige bitte mit deinem Passkey. Das Passwort allein genügt nicht.",
  passwordChangeNeedsCode:
    "Für dein Konto ist ein zweiter Faktor eingerichtet. Zum Ändern des Passworts brauchst du deshalb außer dem aktuellen Passwort einen Code aus der Authenticator-App oder einen Wiederherstellungscode.",
  passwordChangeOrPasskey: "Du kannst dich stattdessen auch mit deinem Passkey bestätigen.",
  passwordChangeNeedsPasskey:
    "Für dein Konto ist ein Passkey eingerichtet. Bestätige dich deshalb zuerst mit deinem Passkey, dann kannst du das Passwort ändern.",
  codeRequired: "Bitte gib einen Code aus deiner Authenticator-App oder einen Wiederherstellungscode ein.",
  passwordChangeConfirmed: (until: string) =>
    `Du hast deine Identität bis ${until} Uhr bestätigt: Zum Ändern des Passworts genügt jetzt das aktuelle Passwort.`,
  confirmWithPasskey: "Mit Passkey bestätigen",
  confirmed: "Identität bestätigt. Du kannst jetzt 10 Minuten lang Anmelde-Einstellungen ändern.",
  confirmFailed: "Die Bestätigung ist fehlgeschlagen. Bitte versuche es erneut.",
  wrongPassword: "Das Passwort ist falsch.",
  passkeysHeading: "Passkeys",
  passkeysIntro:
    "Mit einem Passkey meldest du dich per Fingerabdruck, Gesichtserkennung oder Geräte-PIN an, ohne Passwort und sicher gegen Phishing.",
  noPasskeys: "Noch kein Passkey eingerichtet.",
  addPasskey: "Passkey hinzufügen",
  passkeyAdded: "Passkey hinzugefügt",
  passkeyNotAdded: "Der Passkey konnte nicht hinzugefügt werden. Bitte versuche es erneut.",
  passkeyRenamed: "Passkey umbenannt",
  passkeyRemoved: "Passkey entfernt",
  passkeyNotFound: "Diesen Passkey gibt es nicht (mehr).",
  passkeysUnsupported: "Dieser Browser unterstützt keine Passkeys.",
  passkeyCancelled:
    "Der Passkey-Vorgang wurde abgebrochen oder hat zu lange gedauert. Bitte versuche es erneut.",
  passkeyAborted: "Der Passkey-Vorgang wurde abgebrochen. Bitte versuche es erneut.",
  passkeyAlreadyRegistered:
    "Dieser Passkey ist für dein Konto schon eingerichtet. Du kannst ihn bereits zum Anmelden verwenden.",
  passkeyNeedsHttps:
    "Passkeys funktionieren nur unter einem Host-Namen mit https (zum Beispiel https://www.example.de) oder unter localhost, nicht unter einer IP-Adresse wie 127.0.0.1 oder über http. Öffne den Admin-Bereich unter der Adresse, die in PUBLIC_URL steht.",
  passkeyNotSupported:
    "Dieses Gerät unterstützt die verlangte Art von Passkey nicht. Versuche es mit einem anderen Gerät oder Passwort-Manager.",
  passkeyNeedsVerification:
    "Dein Gerät kann nicht prüfen, dass du es bist (Fingerabdruck, Gesichtserkennung oder Geräte-PIN). Richte dort eine Bildschirmsperre ein oder verwende ein anderes Gerät.",
  passkeyFailedUnknown: "Der Passkey-Vorgang ist fehlgeschlagen. Bitte versuche es erneut.",
  passkeyNameRequired: "Bitte gib dem Passkey einen Namen.",
  passkeyNameTooLong: "Der Name darf höchstens 60 Zeichen lang sein.",
  totpHeading: "Zweiter Faktor (Authenticator-App)",
  totpIntro:
    "Nach dem Passwort fragt die Anmeldung nach einem 6-stelligen Code aus einer Authenticator-App (z. B. Aegis, 2FAS, Google oder Microsoft Authenticator).",
  totpSetUp: "Einrichten",
  totpScan:
    "Scanne den QR-Code mit deiner Authenticator-App oder gib den Schlüssel von Hand ein. Bestätige dann mit dem Code, den die App anzeigt.",
  totpOpenInApp: "In Authenticator-App öffnen",
  totpKey: "Schlüssel",
  copy: "Kopieren",
  keyCopied: "Schlüssel kopiert",
  copyFailed:
    "Kopieren hat nicht geklappt. Markiere den Text bitte und kopiere ihn von Hand (lange drücken auf dem Handy).",
  totpActivated: "Zweiter Faktor aktiviert",
  totpDeactivated: "Zweiter Faktor deaktiviert",
  totpSetupCancelled: "Einrichtung des zweiten Faktors abgebrochen",
  totpInvalid: "Der Code stimmt nicht. Bitte gib den aktuellen Code aus der App ein.",
  recoveryHeading: "Deine Wiederherstellungscodes",
  recoveryIntro:
    "Jeder Code gilt einmal, falls du keinen Zugriff auf die App hast. Bewahre sie sicher auf: Sie werden nur jetzt angezeigt.",
  recoveryRenewed: "Neue Wiederherstellungscodes erzeugt",
  recoveryCodesLabel: "Wiederherstellungscodes",
  recoveryCopied: "Wiederherstellungscodes kopiert",
  recoverySave: "Als Datei speichern",
  recoveryFileName: (host: string) => `wiederherstellungscodes-${host}.txt`,
  recoveryFileHeader: (host: string, date: string) =>
    `Wiederherstellungscodes für den Admin-Bereich von ${host}, erstellt am ${date}. Jeder Code gilt einmal, falls du keinen Zugriff auf die Authenticator-App hast.`,
  secondFactorOnlyLabel: "Anmeldung nur mit Passkey oder zweitem Faktor",
  secondFactorOnlyHint:
    "Wenn eingeschaltet, reicht das Passwort allein nicht mehr. Ein vergessenes Passwort setzt du auf der Anmeldeseite unter „Passwort vergessen?“ per E-Mail zurück (mit einem Code aus der Authenticator-App oder einem Wiederherstellungscode; mit Passkey allein meldest du dich an und änderst es hier). Wer jeden Zugang verliert, schaltet die Einstellung auf dem Server mit npm run admin -- reset-password wieder aus.",
  secondFactorOnlyNeedsFactor:
    "Richte zuerst einen Passkey oder den zweiten Faktor ein, sonst könntest du dich nicht mehr anmelden.",
  secondFactorOnlyOn: "Anmeldung nur noch mit Passkey oder zweitem Faktor",
  secondFactorOnlyOff: "Anmeldung auch mit Passwort allein möglich",
  lastFactor:
    "Das ist dein letzter Passkey bzw. zweiter Faktor, und die Anmeldung ist nur damit erlaubt. Schalte die Einstellung zuerst aus.",
  sessionsHeading: "Aktive Sitzungen",
  currentSession: "Diese Sitzung",
  sessionEnded: "Sitzung abgemeldet",
  otherSessionsEnded: "Alle anderen Sitzungen abgemeldet",
  sessionNotFound: "Diese Sitzung gibt es nicht (mehr).",
} as const;

/** The way through Profil when an export, deletion or send needs a recent confirmation. */
export const CONFIRMATION_MESSAGES = {
  returnNotice:
    "Was du gerade tun wolltest, braucht eine Bestätigung deiner Identität aus den letzten 10 Minuten. Bestätige sie unten unter „Identität bestätigen“; danach geht es zurück.",
  returnReady: "Deine Identität ist bestätigt. Du kannst jetzt zurück und fortfahren.",
  returnLink: "Zurück zur vorherigen Seite",
  confirmedBack: "Identität bestätigt. Du kannst jetzt fortfahren; die Bestätigung gilt 10 Minuten.",
} as const;
