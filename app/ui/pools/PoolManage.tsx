import { Matches } from "#app/ui/pools/pool-manage/Matches";
import { AddParticipants } from "#app/ui/pools/pool-manage/Participants";
import { Section, type ManageData } from "#app/ui/pools/pool-manage/Parts";
import { DeletePool, Rename, RenewInviteLink } from "#app/ui/pools/pool-manage/Settings";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./PoolManage.module.css";

/** 'Administrar quiniela': the owner's (and admins') tools. The server checks every intent again. */
export function PoolManage({
  name,
  participantIds,
  manage,
}: {
  name: string;
  participantIds: string[];
  manage: ManageData;
}) {
  return (
    <section className={classes.panel} aria-labelledby="administrar">
      <h2 className={typography.sectionTitle} id="administrar">
        Administrar quiniela
      </h2>
      <div className={classes.columns}>
        <div className={classes.column}>
          <Rename name={name} />
          <Section
            title="Invitar"
            description="El enlace está arriba, junto a «Compartir». Si llegó a quien no debía, renuévalo: el anterior deja de funcionar."
          >
            <RenewInviteLink />
          </Section>
        </div>
        <div className={classes.column}>
          <Section title="Participantes" description="Quita a alguien con la × junto a su nombre.">
            <AddParticipants participantIds={participantIds} />
          </Section>
          <Section title="Eliminar">
            <DeletePool name={name} />
          </Section>
        </div>
      </div>
      <hr className={classes.divider} />
      <Section title="Partidos" description="Marca una jornada completa o ábrela para elegir partidos sueltos.">
        <Matches matchIds={manage.matchIds} />
      </Section>
    </section>
  );
}
