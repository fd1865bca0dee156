import { copiedToast } from "#app/ui/behaviour/CopyLinkButton";
import { shareLink } from "#app/ui/behaviour/share";
import { showToast } from "#app/ui/feedback/Toasts";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./InviteBar.module.css";

/**
 * The pool's invite link at the top of its page, for its owner (and admins): 'Compartir' opens
 * the phone's share sheet (WhatsApp, Telegram…), or copies the link where there is none.
 * 'Renovar enlace' stays with the other tools in 'Administrar quiniela'.
 */
export function InviteBar({ url, poolName }: { url: string; poolName: string }) {
  const share = async () => {
    const outcome = await shareLink({
      url,
      title: `Quiniela «${poolName}»`,
      text: `Únete a la quiniela «${poolName}»`,
    });
    // The share sheet speaks for itself; a copy says whether it worked.
    if (outcome === "copied" || outcome === "failed") showToast(copiedToast(outcome === "copied"));
  };
  return (
    <section className={classes.bar} aria-labelledby="invitar">
      <div>
        <h2 className={typography.subsectionTitle} id="invitar">
          Invita a tu grupo
        </h2>
        <p className={typography.dimmed}>Quien abra este enlace con su cuenta se une a la quiniela.</p>
      </div>
      <div className={classes.row}>
        <TextField
          label="Enlace de invitación"
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className={classes.link}
        />
        <Button className={classes.share} onClick={() => void share()}>
          Compartir
        </Button>
      </div>
    </section>
  );
}
