import { useAppConfig } from '@/lib/app-config.ts';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { InfoPage } from './info-page.tsx';

export interface ContactScreenProps {
  /** The instance's community chat (`COMMUNITY_URL`), when its operator has configured one. */
  communityUrl?: string | null;
}

/** /contact — how to reach the people who run this Marquee instance. */
export function ContactScreen({ communityUrl }: ContactScreenProps = {}) {
  return (
    <InfoPage
      title="Contact Us"
      updated="Last updated 22 November 2026"
      intro={
        <p>
          Questions, bug reports, ideas and praise all reach us the same way: through the Feedback dialog. Every message
          is saved on this instance&rsquo;s server for the people who run it.
        </p>
      }
    >
      <h2>Send feedback</h2>
      <p>Open the Feedback dialog from either place:</p>
      <ul>
        <li>
          the <strong>Send Feedback</strong> button in the page footer, or
        </li>
        <li>
          the <Link to={paths.settings}>Settings</Link> screen.
        </li>
      </ul>
      <p>The dialog asks for:</p>
      <ul>
        <li>
          <strong>Name</strong> and <strong>e-mail</strong>, so we can reply. When you are signed in they are taken from
          your account and cannot be changed in the dialog.
        </li>
        <li>
          <strong>Type</strong> of feedback (general unless you pick another).
        </li>
        <li>
          <strong>Subject</strong> and <strong>message</strong>: what happened or what you would like. A counter shows
          the message length against a guide of 500 characters.
        </li>
        <li>
          An optional <strong>rating</strong> from 1 to 5.
        </li>
      </ul>
      <p>
        Submit the form. When you see <em>Feedback Sent Successfully!</em> your message has been saved. If sending
        fails, the dialog stays open with your text so you can try again.
      </p>

      <h2>Reporting a problem well</h2>
      <p>A good bug report gets fixed faster. Please include:</p>
      <ul>
        <li>the page you were on (copy the address from the browser&rsquo;s address bar),</li>
        <li>what you did, what you expected and what happened instead,</li>
        <li>your browser and device, and whether you were signed in,</li>
        <li>for playback problems, the name of the video source you were using.</li>
      </ul>
      <p>
        Before writing about a source that will not play, try another source from the player&rsquo;s source selector;
        the <Link to={paths.help}>Help Center</Link> explains how sources work.
      </p>

      <h2>Community chat</h2>
      {communityUrl ? (
        <p>
          This instance also has a community chat where you can talk with other viewers and the people who run it:{' '}
          <a href={communityUrl} target="_blank" rel="noopener noreferrer">
            join the community chat
          </a>{' '}
          (it opens in a new tab and is run by a separate service with its own rules).
        </p>
      ) : (
        <p>
          Some Marquee instances also run a community chat. When the operator of this instance has set one up, its link
          appears here.
        </p>
      )}

      <h2>Who you are contacting</h2>
      <p>
        Marquee is open-source software that anyone can run on their own server. The person or organisation operating
        the instance you are using is responsible for it and is the one who reads your feedback, answers account
        questions and handles requests about your data. If you run your own instance, you are that operator: feedback
        sent there stays in your own database.
      </p>
      <p>
        For a request about your personal data, such as deleting your account, use the Feedback dialog while signed in
        so the operator can tell which account is yours. Much of your data you can also manage yourself; see the{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>

      <h2>Before you write</h2>
      <p>
        Many questions are already answered in the <Link to={paths.faq}>FAQ</Link>. To report a comment that breaks the{' '}
        <Link to={paths.terms}>Terms of Service</Link>, send feedback with the title and a quote of the comment.
      </p>
    </InfoPage>
  );
}

/** The /contact route: the page with the operator's community link from /api/config. */
export function ContactRoute() {
  const { data: config } = useAppConfig();
  return <ContactScreen communityUrl={config?.community_url ?? null} />;
}
