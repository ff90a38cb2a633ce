// The right side of the back-office header, as in Ant Design Pro's RightContent: small pieces, each its own
// component, so an area that adds one (e.g. a notification count) touches only that piece.
import { AvatarMenu } from './AvatarMenu';
import { HelpLink } from './HelpLink';
import { LanguageSwitch } from './LanguageSwitch';
import { Messages } from './Messages';
import { Notifications } from './Notifications';

export function RightContent() {
  return (
    <div className="sf-admin__actions">
      <Messages />
      <Notifications />
      <LanguageSwitch />
      <HelpLink />
      <AvatarMenu />
    </div>
  );
}
