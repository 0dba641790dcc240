import { PageHeader } from '../../../components/layout/page-header';

/** A direct conversation (/conversation-messages/:userId); the router handles signed-out and own ids. */
export function ConversationPage() {
  return <PageHeader title="Conversation" />;
}
