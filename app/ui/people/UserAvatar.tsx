import { initials, mantineAvatarColor } from "./avatar-colors";
import classes from "./UserAvatar.module.css";

/**
 * The user's picture when set, else their initials on their chosen colour. Decorative: it always
 * stands beside the name. A picture that fails to load (empty alt) leaves the initials showing.
 */
export function UserAvatar({
  name,
  image,
  color,
  size = 38,
}: {
  name: string;
  image: string | null;
  color: string;
  size?: number;
}) {
  const style = {
    "--avatar-size": `${size}px`,
    "--avatar-bg": `var(--mantine-color-${mantineAvatarColor(color)}-filled)`,
  } as React.CSSProperties;
  return (
    <span className={classes.avatar} style={style} aria-hidden>
      {initials(name)}
      {image && <img className={classes.image} src={image} alt="" loading="lazy" />}
    </span>
  );
}
