import classes from "./InvitationNotice.module.css";

/**
 * 'Te invitaron a la quiniela «X» de Ana' over /login and /register when the visitor came from a
 * pool's invite link (checked on the server: a wrong or old link shows none of this).
 */
export function InvitationNotice({ poolName, ownerName, hint }: { poolName: string; ownerName: string; hint: string }) {
  return (
    <section className={classes.notice} aria-label="Invitación">
      <p className={classes.lead}>{`Te invitaron a la quiniela «${poolName}» de ${ownerName}`}</p>
      <p className={classes.hint}>{hint}</p>
    </section>
  );
}
