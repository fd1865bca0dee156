import { Avatar, type AvatarProps } from "@mantine/core";
import { initials, mantineAvatarColor } from "./avatar-colors";

interface Props extends Omit<AvatarProps, "src" | "color"> {
  name: string;
  image: string | null;
  color: string;
}

/** The user's picture when set, else their initials on their chosen colour. */
export function UserAvatar({ name, image, color, ...props }: Props) {
  return (
    <Avatar src={image} alt="" color={mantineAvatarColor(color)} variant="filled" radius={1000} {...props}>
      {initials(name)}
    </Avatar>
  );
}
