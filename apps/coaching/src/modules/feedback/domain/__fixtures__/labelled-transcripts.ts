import { type ScenarioDefinition } from '@parley/contracts';
import {
  BOUNDARIES_LATE_MESSAGES,
  CONFLICT_TOOK_CREDIT,
  FEEDBACK_LATE_REPORT,
  INTERVIEW_ABOUT_YOURSELF,
  SALARY_FIRST_OFFER,
  SALES_BAKERY_DISCOVERY,
  SERVICE_LATE_GIFT,
} from './scenarios';

/*
 * Hand-labelled practice transcripts. Each family is one scenario played several ways; every transcript
 * carries a label per dimension. The rubric must order them: within a family, a higher label scores
 * higher on that dimension, and across families every "excellent" beats every "poor".
 *
 * Labels: excellent > good > average > poor > empty.
 */

export const LEVELS = ['empty', 'poor', 'average', 'good', 'excellent'] as const;
export type Level = (typeof LEVELS)[number];

export interface LabelledTranscript {
  id: string;
  family: string;
  /** What the variant is, in a few words (clear vs vague, empathetic vs curt, ...). */
  style: string;
  scenario?: ScenarioDefinition;
  /** Written after the rubric was calibrated on the others, to check it generalises. */
  heldOut?: boolean;
  labels: { clarity: Level; empathy: Level; persuasion: Level };
  messages: Array<{ sender: 'user' | 'ai'; content: string }>;
}

const ai = (content: string) => ({ sender: 'ai' as const, content });
const me = (content: string) => ({ sender: 'user' as const, content });

export const LABELLED_TRANSCRIPTS: LabelledTranscript[] = [
  /* ---------- salary negotiation: first offer ---------- */
  {
    id: 'salary-excellent',
    family: 'salary',
    style: 'clear, warm, well-argued',
    scenario: SALARY_FIRST_OFFER,
    labels: { clarity: 'excellent', empathy: 'excellent', persuasion: 'excellent' },
    messages: [
      ai(SALARY_FIRST_OFFER.openingLine),
      me(
        "Thank you so much, Jasmine — I'm really excited about this role and about joining the graduate cohort at Pell & Marsh. Before I say yes, I'd like to talk about the starting salary.",
      ),
      ai('Of course! Totally understand. What did you have in mind?'),
      me(
        "Based on salary data for junior accountants in this city, the typical range is $55,000 to $58,000. I've also already passed two sections of the CPA exam, so I can take on client work sooner. Would $57,000 be possible?",
      ),
      ai(
        "I hear you. Honestly, our approved band tops out at $56,000, and going above that needs director sign-off. I'm not sure I can get that.",
      ),
      me(
        'I understand the band is fixed, and I appreciate you being open about it. What would make this easiest for you to approve? One option: what if we met at $56,000 with a salary review after six months, based on my CPA progress? That way you stay within the band and I have a clear path to the market rate.',
      ),
      ai('That could work. Let me check the review piece with my manager.'),
      me(
        "Great, thank you. To confirm: $56,000 to start, a formal review in six months, and a September 2 start date. I'll look out for your email by Friday and reply the same day.",
      ),
    ],
  },
  {
    id: 'salary-vague',
    family: 'salary',
    style: 'vague, hedging, caves',
    scenario: SALARY_FIRST_OFFER,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'poor' },
    messages: [
      ai(SALARY_FIRST_OFFER.openingLine),
      me(
        "Oh, um, thanks. I guess it sounds okay? I was kind of hoping for maybe a bit more, if that's okay.",
      ),
      ai('Totally understand! What number did you have in mind?'),
      me(
        "I don't know, maybe a little more? Like, whatever you think is fair, I guess. I'm not really sure what's normal.",
      ),
      ai(
        'Well, fifty-two is a very competitive starting salary for this role, and the benefits are excellent.',
      ),
      me("Yeah, okay, I guess that's probably fine then. Sorry, I just thought maybe I'd ask."),
    ],
  },
  {
    id: 'salary-curt',
    family: 'salary',
    style: 'curt, demanding, ultimatum',
    scenario: SALARY_FIRST_OFFER,
    labels: { clarity: 'average', empathy: 'poor', persuasion: 'poor' },
    messages: [
      ai(SALARY_FIRST_OFFER.openingLine),
      me('Fifty-two is too low. I want $60,000.'),
      ai('Oh! Well, I totally understand wanting more. Can you tell me a bit about why?'),
      me("Because I deserve it. Other firms pay more. Just give me the $60,000 or I'll take another offer."),
      ai('I hear you, but our band only goes to $56,000, and going over needs director approval.'),
      me("That's not my problem. You need to get approval then. Take it or leave it."),
    ],
  },
  {
    id: 'salary-average',
    family: 'salary',
    style: 'plain, one reason, no warmth',
    scenario: SALARY_FIRST_OFFER,
    labels: { clarity: 'average', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(SALARY_FIRST_OFFER.openingLine),
      me('Thanks for the offer. I was hoping for a higher salary though. Is there any flexibility?'),
      ai('Totally understand! What number did you have in mind?'),
      me("I think around $57,000 would be fair because that's what I've seen for similar jobs."),
      ai('Our band tops out at $56,000, and going above needs director sign-off.'),
      me('Okay. Could we do $56,000 then?'),
      ai('I can probably make that work.'),
      me('Great, thanks.'),
    ],
  },
  {
    id: 'salary-rambling',
    family: 'salary',
    style: 'rambling, filler-heavy',
    scenario: SALARY_FIRST_OFFER,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(SALARY_FIRST_OFFER.openingLine),
      me(
        "So, um, thank you, I mean it's really great news and I was really hoping to hear from you and my parents were asking about it and I was telling them that the interview went well and I think the people were nice and the office was nice too and so yeah I'm happy but I was also thinking about the salary and stuff because, you know, my friend got an offer and it was more than that I think, so I was wondering if, like, there's anything you can do, basically?",
      ),
      ai("I'm so glad you're excited! What number were you thinking of?"),
      me(
        "Well, I mean, it's hard to say because there are a lot of things to consider like rent and my student loans and the commute which is pretty long and also I don't really know what the market is like for accountants right now, so, um, I guess something more than fifty-two would be nice, you know, if that's possible at all.",
      ),
    ],
  },

  /* ---------- giving feedback: the late report ---------- */
  {
    id: 'feedback-excellent',
    family: 'feedback',
    style: 'specific, supportive, agrees next steps',
    scenario: FEEDBACK_LATE_REPORT,
    labels: { clarity: 'excellent', empathy: 'excellent', persuasion: 'excellent' },
    messages: [
      ai(FEEDBACK_LATE_REPORT.openingLine),
      me(
        'Thanks for coming in, Tyler, and I appreciate you raising it first. I want this to be useful for you, not a telling-off. The carrier report was due Friday at noon on the 8th and the 22nd, and both times it arrived on Monday.',
      ),
      ai("Yeah. I know. It's been a lot lately and I didn't want to hand in something half-done."),
      me(
        "That sounds stressful, and I can see you care about the quality. The impact is real, though: because it was late, the director used last month's numbers on a client call. What gets in the way on Thursdays and Fridays?",
      ),
      ai(
        "Honestly, the Excel template keeps breaking and I spend hours fixing formulas. I didn't want to bother anyone.",
      ),
      me(
        "That makes sense, and thank you for telling me. Let's fix the root cause: I'll walk you through the template on Wednesday, and we'll do a 15-minute check-in every Thursday at 4 p.m. If anything is at risk, flag it to me by Friday 10 a.m. so we can plan around it. Does that work for you?",
      ),
      ai('Yes, that would really help.'),
      me(
        "Great. To recap: template walkthrough Wednesday, Thursday check-ins, and a heads-up by 10 a.m. Friday if it's slipping. I'm confident we can get this back on track together.",
      ),
    ],
  },
  {
    id: 'feedback-blaming',
    family: 'feedback',
    style: 'curt, blaming, orders',
    scenario: FEEDBACK_LATE_REPORT,
    labels: { clarity: 'average', empathy: 'poor', persuasion: 'poor' },
    messages: [
      ai(FEEDBACK_LATE_REPORT.openingLine),
      me('Yes. You always miss the deadline. This is the second time this month.'),
      ai("I know, I'm sorry, it's been a lot lately..."),
      me("That's not my problem. Everyone is busy. You need to get it done on time."),
      ai('The template keeps breaking, though, and I spend hours fixing it.'),
      me("Whatever. Just do it. If it happens again, it's going on your review."),
    ],
  },
  {
    id: 'feedback-vague',
    family: 'feedback',
    style: 'vague, avoids the issue',
    scenario: FEEDBACK_LATE_REPORT,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'poor' },
    messages: [
      ai(FEEDBACK_LATE_REPORT.openingLine),
      me(
        "Oh, um, no worries, it's fine really. I just kind of wanted to, like, check in about stuff generally.",
      ),
      ai('Okay... is there something specific about the report?'),
      me(
        "I mean, maybe just, you know, try to be a bit quicker with things? If that's okay. I don't know, whatever works for you.",
      ),
      ai("Sure, I'll try. Was there anything else?"),
      me("No, that's it, I guess. Thanks."),
    ],
  },
  {
    id: 'feedback-average',
    family: 'feedback',
    style: 'states the issue, thin on support',
    scenario: FEEDBACK_LATE_REPORT,
    labels: { clarity: 'average', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(FEEDBACK_LATE_REPORT.openingLine),
      me("Hi Tyler. Yes, it's about the report. It was late twice this month and the director noticed."),
      ai("I know, I'm sorry. It's been a lot lately."),
      me("I understand. Can you make sure it's in by Friday noon from now on?"),
      ai("I'll try. The template has been giving me trouble though."),
      me("Okay, let me know if you need help with the template. Let's check again next week."),
    ],
  },

  /* ---------- conflict: the colleague who took the credit ---------- */
  {
    id: 'conflict-excellent',
    family: 'conflict',
    style: 'factual, I-statements, concrete fix',
    scenario: CONFLICT_TOOK_CREDIT,
    labels: { clarity: 'excellent', empathy: 'excellent', persuasion: 'excellent' },
    messages: [
      ai(CONFLICT_TOOK_CREDIT.openingLine),
      me(
        "Thanks for making the time, Kyle. I'm glad the director liked it. I want to talk about how it was introduced, because it's been on my mind. In Monday's review the dashboard was presented as something you pulled together, and I spent three weeks building it.",
      ),
      ai("Oh. I mean, I did present it, and I tweaked the labels. I didn't mean anything by it."),
      me(
        "I appreciate that, and the label fixes did make it clearer. The impact for me is that the director now doesn't know who to ask about the data model, and visibility on work like this matters for my review. How do you see it?",
      ),
      ai("I guess I didn't think about that. It's a team thing, right?"),
      me(
        "It is, and I want us to keep working well together. Could we agree on two things: a short email from you to the director clarifying that I built the dashboard, and owner names on every slide from now on? I'm happy to credit your label work too.",
      ),
      ai("Yeah, okay, that's fair. I can send the email today."),
      me(
        "Thank you, Kyle. So we're agreed: you'll email the director today, and we'll put owner names on slides going forward. I'll add them to the template for Thursday's deck.",
      ),
    ],
  },
  {
    id: 'conflict-accusatory',
    family: 'conflict',
    style: 'accusatory, blaming, threat',
    scenario: CONFLICT_TOOK_CREDIT,
    labels: { clarity: 'average', empathy: 'poor', persuasion: 'poor' },
    messages: [
      ai(CONFLICT_TOOK_CREDIT.openingLine),
      me("No, it didn't go great. You stole my work. You always do this."),
      ai("Whoa, hang on. I presented it, sure, but I didn't steal anything."),
      me(
        "Yes you did. You're being ridiculous if you think nobody noticed. It's your fault the director thinks you built it.",
      ),
      ai("Okay, I'm not going to talk to you if you're going to attack me like this."),
      me("Whatever. Fix it or I'll go to the director myself."),
    ],
  },
  {
    id: 'conflict-avoidant',
    family: 'conflict',
    style: 'vague, avoids, backs down',
    scenario: CONFLICT_TOOK_CREDIT,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'poor' },
    messages: [
      ai(CONFLICT_TOOK_CREDIT.openingLine),
      me('Yeah, um, it was fine, I guess. I just kind of wanted to, like, mention the thing, you know?'),
      ai('What thing?'),
      me(
        "Oh, I don't know, it's probably nothing. Just, like, the dashboard stuff, sort of. Never mind, it doesn't matter.",
      ),
      ai('Okay... well, if it is nothing, I have to run to a call.'),
      me('Yeah, sure, no problem. Sorry.'),
    ],
  },
  {
    id: 'conflict-average',
    family: 'conflict',
    style: 'direct but thin',
    scenario: CONFLICT_TOOK_CREDIT,
    labels: { clarity: 'average', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(CONFLICT_TOOK_CREDIT.openingLine),
      me(
        'Yes, it went well. I wanted to talk about the dashboard, though. I built it, and in the meeting it sounded like it was your work.',
      ),
      ai("Oh. I did present it, but I didn't mean to take credit."),
      me("Okay, I understand. I'd like the director to know I built it. Can you mention it to them?"),
      ai('Sure, I can do that.'),
      me("Thanks. In future let's make it clear who did what."),
    ],
  },

  /* ---------- customer service: the late birthday gift ---------- */
  {
    id: 'service-excellent',
    family: 'service',
    style: 'apologises, explains, remedies',
    scenario: SERVICE_LATE_GIFT,
    labels: { clarity: 'excellent', empathy: 'excellent', persuasion: 'excellent' },
    messages: [
      ai(SERVICE_LATE_GIFT.openingLine),
      me(
        "I'm really sorry Sofia's present wasn't there for her party on Saturday — that must have been so disappointing, especially after paying for express delivery. Let me pull up order 48213.",
      ),
      ai('It was. She was asking where it was all day. I just want to know what happened.'),
      me(
        "That's completely fair. I can see the order left our warehouse a day late because of a stock delay on our side, so we didn't deliver what you paid us for. I've refunded the $8.95 express fee now, and it will show on your card in 3-5 business days.",
      ),
      ai("Okay. That's something, I suppose."),
      me(
        "I'd also like to add a 15% code for your next order, in addition to the refund, not instead of it. Is there anything else I can do to make this right for you?",
      ),
      ai("No, that's fine. Thank you for sorting it."),
      me(
        "Thank you for your patience, and I hope Sofia enjoys the gift. I'll email you the refund confirmation and the code within the hour.",
      ),
    ],
  },
  {
    id: 'service-dismissive',
    family: 'service',
    style: 'dismissive, blames the courier',
    scenario: SERVICE_LATE_GIFT,
    labels: { clarity: 'average', empathy: 'poor', persuasion: 'poor' },
    messages: [
      ai(SERVICE_LATE_GIFT.openingLine),
      me("Okay. Deliveries are sometimes late, it's not a big deal."),
      ai('It is a big deal to me. I paid for express delivery and the party was on Saturday.'),
      me("Calm down. The courier messed up, that's not my fault."),
      ai("I don't care whose fault it is. I want my money back for the express shipping."),
      me("Fine, whatever. I'll see what I can do."),
    ],
  },
  {
    id: 'service-unclear',
    family: 'service',
    style: 'sympathetic but vague, no remedy',
    scenario: SERVICE_LATE_GIFT,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'poor' },
    messages: [
      ai(SERVICE_LATE_GIFT.openingLine),
      me("Oh no, I'm so sorry to hear that. Um, that's really not great."),
      ai('So what are you going to do about it?'),
      me(
        "Well, I mean, I'm not really sure, there might be something, maybe a refund or something, I'd have to kind of check, I guess. It probably depends on a lot of things.",
      ),
      ai('Can you at least tell me when I will hear back?'),
      me("Hmm, soon, hopefully? I don't know exactly. Sorry again."),
    ],
  },
  {
    id: 'service-average',
    family: 'service',
    style: 'polite, minimal',
    scenario: SERVICE_LATE_GIFT,
    labels: { clarity: 'average', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(SERVICE_LATE_GIFT.openingLine),
      me("I'm sorry about that. Let me check the order."),
      ai('Please do. I paid for express delivery.'),
      me('I can see it arrived late. I can refund the express shipping fee for you.'),
      ai('When will I get it?'),
      me('It should be back on your card in a few days.'),
    ],
  },

  /* ---------- sales: discovery call with a bakery ---------- */
  {
    id: 'sales-excellent',
    family: 'sales',
    style: 'discovers, quantifies, recaps, books a demo',
    scenario: SALES_BAKERY_DISCOVERY,
    labels: { clarity: 'excellent', empathy: 'excellent', persuasion: 'excellent' },
    messages: [
      ai(SALES_BAKERY_DISCOVERY.openingLine),
      me(
        "Thanks for fitting me in before the next batch — I'll keep it focused. Before I talk about our system at all, I'd like to understand how things run today. Walk me through what happens when someone orders a custom cake.",
      ),
      ai(
        'They call or message us on Instagram, I write it in a notebook, and sometimes things get missed. We lost two wedding cake orders last month because the messages got buried.',
      ),
      me(
        'Two wedding cakes — that must have been really frustrating. Roughly what was each of those worth, and how many hours a week do you spend answering messages?',
      ),
      ai(
        'About $600 each. And honestly, maybe six or seven hours a week on messages. So how much does your thing cost?',
      ),
      me(
        "Fair question. It usually runs $60 to $120 a month depending on what you need, so I'd rather show you the part that fits first. If it stopped even one lost $600 order a month, it would pay for itself several times over and free up those six hours for baking.",
      ),
      ai("Okay, that's interesting."),
      me(
        'So to recap: custom orders get lost in messages, that cost you about $1,200 last month, and you lose six or seven hours a week. Could we book a 30-minute demo focused just on custom orders, say Thursday at 3 p.m.?',
      ),
    ],
  },
  {
    id: 'sales-pushy',
    family: 'sales',
    style: 'pushy pitch, no questions',
    scenario: SALES_BAKERY_DISCOVERY,
    labels: { clarity: 'average', empathy: 'poor', persuasion: 'poor' },
    messages: [
      ai(SALES_BAKERY_DISCOVERY.openingLine),
      me(
        'Great. Our system is the best on the market. It does online orders, card payments, inventory, loyalty, everything. You need to switch.',
      ),
      ai("Hmm, okay, but I'm not sure we need all that. What would it cost?"),
      me("It's $120 a month. Everyone is using it. Obviously you should sign up today."),
      ai("That's a lot for a small bakery. I'd need to think about it."),
      me("No offense, but that's a mistake. Just do it. I can send the contract now."),
    ],
  },
  {
    id: 'sales-rambling',
    family: 'sales',
    style: 'rambling feature dump',
    scenario: SALES_BAKERY_DISCOVERY,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(SALES_BAKERY_DISCOVERY.openingLine),
      me(
        "Hi, thanks, so, um, basically our company was founded a few years ago and we work with lots of different businesses like cafes and restaurants and shops and we have a really great team and the product has a lot of features like online ordering and payments and reports and loyalty cards and inventory tracking and staff scheduling and, you know, it's all in the cloud so you can use it anywhere and it's really easy to use, I think, most people say that anyway.",
      ),
      ai("Okay... that's a lot. How would that help with my custom cake orders?"),
      me(
        "Well, I mean, it would sort of help with everything really, because everything is in one place, so, like, you wouldn't have to worry about orders so much, probably, and there are a lot of other benefits too which I could maybe talk about later if you want.",
      ),
    ],
  },
  {
    id: 'sales-average',
    family: 'sales',
    style: 'short discovery, quick pitch',
    scenario: SALES_BAKERY_DISCOVERY,
    labels: { clarity: 'average', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(SALES_BAKERY_DISCOVERY.openingLine),
      me('Thanks for your time. How do you take orders at the moment?'),
      ai('Phone and Instagram messages mostly. Sometimes orders get missed.'),
      me("I see. Our system puts all online orders in one place, so you won't miss them."),
      ai('How much is it?'),
      me('It starts at $60 a month. Would you like a demo?'),
    ],
  },

  /* ---------- job interview: tell me about yourself ---------- */
  {
    id: 'interview-excellent',
    family: 'interview',
    style: 'structured, quantified, engaged',
    scenario: INTERVIEW_ABOUT_YOURSELF,
    labels: { clarity: 'excellent', empathy: 'good', persuasion: 'excellent' },
    messages: [
      ai(INTERVIEW_ABOUT_YOURSELF.openingLine),
      me(
        "Thank you for having me. I'm a marketing graduate who spent two summers running social media for a family bakery. I grew its Instagram account from 800 to 3,200 followers and we saw a 15% uptick in weekend orders, because I started posting the weekly specials every Thursday.",
      ),
      ai("That's great. Why are you interested in working for us?"),
      me(
        "I love that your stores source from local farms, and your weekly flyer is exactly the kind of content I enjoy making. I'd like to bring the same approach — short posts tied to what's in store that week — to your regional social channels.",
      ),
      ai('What would you say is your biggest weakness?'),
      me(
        'I used to take on too much myself. During my internship at Green Leaf Media I learned to flag risks early, so I now set a check-in with my manager every Monday and priorities stay clear. What does success look like in the first 90 days in this role?',
      ),
    ],
  },
  {
    id: 'interview-vague',
    family: 'interview',
    style: 'vague, filler-heavy',
    scenario: INTERVIEW_ABOUT_YOURSELF,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'poor' },
    messages: [
      ai(INTERVIEW_ABOUT_YOURSELF.openingLine),
      me(
        "Um, so, yeah, I'm, like, a really hard worker and a people person, I guess. I've done a lot of different stuff, like school projects and some jobs and things, and I'm kind of interested in marketing and also maybe sales or something, I'm not totally sure yet, so, yeah, that's me basically.",
      ),
      ai('Okay. Why are you interested in working for us?'),
      me(
        'I mean, it seems like a good company, you know? And I just really want a job in marketing, so, like, yeah.',
      ),
      ai('What would you say is your biggest weakness?'),
      me("I don't know. Maybe I'm a perfectionist? I guess."),
    ],
  },
  {
    id: 'interview-average',
    family: 'interview',
    style: 'relevant but generic',
    scenario: INTERVIEW_ABOUT_YOURSELF,
    labels: { clarity: 'average', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(INTERVIEW_ABOUT_YOURSELF.openingLine),
      me(
        'Thanks for having me. I recently graduated with a marketing degree, and I did an internship at a small agency where I helped with social media posts.',
      ),
      ai('Why are you interested in working for us?'),
      me(
        "I like your brand and I think I could learn a lot here. I'm interested in grocery marketing because I worked part-time at a supermarket for two years.",
      ),
      ai('What would you say is your biggest weakness?'),
      me("I can be a bit shy in big meetings, but I'm working on it by speaking up more."),
    ],
  },

  /* ---------- setting boundaries: messages after 10 p.m. ---------- */
  {
    id: 'boundaries-excellent',
    family: 'boundaries',
    style: 'factual, committed, clear rule',
    scenario: BOUNDARIES_LATE_MESSAGES,
    labels: { clarity: 'excellent', empathy: 'excellent', persuasion: 'excellent' },
    messages: [
      ai(BOUNDARIES_LATE_MESSAGES.openingLine),
      me(
        'Thanks for making time, Nicole. I want to talk about after-hours messages, because I want to be responsive and do my best work. Last week I got messages after 10 p.m. on four nights, followed by 7 a.m. check-ins asking why I had not replied.',
      ),
      ai(
        "Oh. Well, things come up, and I like to get them off my plate when I think of them. I don't expect instant replies.",
      ),
      me(
        "That makes sense — it's a busy season and I know you're under a lot of pressure to get things out of your head at night. The 7 a.m. follow-ups made it feel urgent, though, and I'm on it first thing at 8:30 every morning. Could we agree that messages after 7 p.m. get answered the next morning, and anything truly urgent comes as a phone call?",
      ),
      ai('Hmm. What if something really is urgent, like a launch issue?'),
      me(
        "Then please call me — I'm happy to pick up for a real emergency. That way you get a fast answer when it matters, and I can switch off the rest of the time. How does that sound from your side?",
      ),
      ai('Yes, I can live with that.'),
      me(
        "Great, thank you. So we're agreed: after 7 p.m. waits until morning, and emergencies are a phone call. I'll put it in our team notes today.",
      ),
    ],
  },
  {
    id: 'boundaries-caving',
    family: 'boundaries',
    style: 'hedging, backs down',
    scenario: BOUNDARIES_LATE_MESSAGES,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'poor' },
    messages: [
      ai(BOUNDARIES_LATE_MESSAGES.openingLine),
      me("Oh, um, nothing big. I was just wondering, maybe, about the late messages? If that's okay."),
      ai("The late messages? Things come up, you know. It's a busy season."),
      me("Yeah, no, totally, that's fine. Never mind, it doesn't matter. I'll just keep an eye on my phone."),
      ai('Great. So, the spring banners...'),
      me('Sure, sorry. Forget I said anything.'),
    ],
  },
  {
    id: 'boundaries-aggressive',
    family: 'boundaries',
    style: 'aggressive, ultimatum',
    scenario: BOUNDARIES_LATE_MESSAGES,
    labels: { clarity: 'average', empathy: 'poor', persuasion: 'poor' },
    messages: [
      ai(BOUNDARIES_LATE_MESSAGES.openingLine),
      me("What's up is you messaging me at 11 p.m. every night. It's ridiculous."),
      ai("Whoa. I don't expect instant replies, I just send things when I think of them."),
      me(
        "Then why do you always chase me at 7 a.m.? You need to stop. I'm not answering anything after work anymore, and if you don't like it I'll go to HR.",
      ),
      ai("Okay, I hear that you're upset. Let's not make this bigger than it is."),
      me('Calm down. Just stop messaging me at night.'),
    ],
  },
  {
    id: 'boundaries-average',
    family: 'boundaries',
    style: 'clear ask, little warmth',
    scenario: BOUNDARIES_LATE_MESSAGES,
    labels: { clarity: 'average', empathy: 'average', persuasion: 'average' },
    messages: [
      ai(BOUNDARIES_LATE_MESSAGES.openingLine),
      me("I wanted to talk about the messages late at night. I've been getting a lot of them after 10 p.m."),
      ai("Oh, I don't expect instant replies. I just send things when I think of them."),
      me(
        "Okay. The problem is the follow-ups at 7 a.m. asking why I didn't reply. Can we agree that I reply in the morning?",
      ),
      ai('Sure, that seems reasonable.'),
      me('Thanks, that helps.'),
    ],
  },

  /* ---------- held out: written after the rubric was tuned, scored without further changes ---------- */
  {
    id: 'meeting-strong',
    family: 'meeting',
    style: 'pushes back on a deadline with data and options',
    heldOut: true,
    labels: { clarity: 'excellent', empathy: 'good', persuasion: 'excellent' },
    messages: [
      ai(
        "Right, so we're all agreed the mobile release ships on March 14th? Marketing has already booked the launch slot.",
      ),
      me(
        "I know the launch slot matters to marketing, and I want us to hit it. I can't commit to March 14th yet, though: QA found 23 open bugs last week, and 6 of them block checkout.",
      ),
      ai("Six? That's not great. But moving the date is going to be a hard sell upstairs."),
      me(
        'Understood — nobody wants to move it. Two options: we ship on the 14th without the new checkout flow, or we ship the full release on March 21st. Option one keeps the launch slot, because checkout stays on the current version. Which would work better for marketing?',
      ),
      ai("Marketing will prefer keeping the date, I think. Let's go with option one."),
      me(
        "Great. To confirm: we ship on March 14th without the new checkout, and the new checkout follows on March 21st. I'll send the revised plan to the team by 5 p.m. today.",
      ),
    ],
  },
  {
    id: 'meeting-weak',
    family: 'meeting',
    style: 'vague worry, no data, gives in',
    heldOut: true,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'poor' },
    messages: [
      ai(
        "Right, so we're all agreed the mobile release ships on March 14th? Marketing has already booked the launch slot.",
      ),
      me(
        "Um, yeah, I mean, I guess so? It's just, like, there's kind of a lot of bugs maybe, I'm not totally sure.",
      ),
      ai('How many bugs are we talking about?'),
      me(
        "I don't know exactly, quite a few, I think. But it's probably fine, never mind, we'll figure it out.",
      ),
    ],
  },
  {
    id: 'networking-strong',
    family: 'networking',
    style: 'specific ask for an introduction, easy yes',
    heldOut: true,
    labels: { clarity: 'excellent', empathy: 'good', persuasion: 'good' },
    messages: [
      ai('Hi! Good to see you again. What have you been up to since the conference?'),
      me(
        "Great to see you too, Priya, and thanks again for your talk on supply-chain analytics in October. Since then I've moved into a data role at Harbor Freight Lines, where I built a delay-prediction model that cut late deliveries by 12%.",
      ),
      ai("Oh nice, that's impressive. So what can I do for you?"),
      me(
        "I'd like to ask a small favour: could you introduce me to Marco on your logistics team? I'd love 20 minutes to hear how they handle port delays, because that's the next problem I'm tackling. I'm happy to share what we learned building our model in return. What would be the easiest way for you?",
      ),
      ai('Sure, I can email him this week.'),
      me(
        "Thank you, that's really kind. I'll send you a two-line blurb by tomorrow so it's easy to forward.",
      ),
    ],
  },
  {
    id: 'networking-weak',
    family: 'networking',
    style: 'vague, rambling, no clear ask',
    heldOut: true,
    labels: { clarity: 'poor', empathy: 'average', persuasion: 'poor' },
    messages: [
      ai('Hi! Good to see you again. What have you been up to since the conference?'),
      me(
        "Oh, um, you know, just work stuff, basically, and some projects and things, and I've been kind of thinking about maybe doing something different, I don't know, maybe more data stuff or something, and I was talking to some people and they said it's good, so yeah.",
      ),
      ai('Okay. So what can I do for you?'),
      me('I guess, like, if you know anyone? Whatever works, really. No pressure.'),
    ],
  },
  {
    id: 'crisis-strong',
    family: 'crisis',
    style: 'owns the outage, facts, remedy, next update',
    heldOut: true,
    labels: { clarity: 'excellent', empathy: 'excellent', persuasion: 'good' },
    messages: [
      ai(
        'Our online store was down for three hours during our biggest sale of the year. I need to know what happened and why nobody called us.',
      ),
      me(
        "I'm very sorry — losing three hours during your biggest sale is serious, and you should have heard from us first. At 10:05 a.m. a database update on our side failed, and the checkout service went down until 1:10 p.m.",
      ),
      ai('We probably lost tens of thousands in sales. What are you going to do about it?'),
      me(
        "I understand, and I'd be frustrated too. We're crediting your full March hosting fee of $4,200, and I'd like to review your lost-sales estimate with you so we can discuss anything beyond that. From today, any outage over 10 minutes triggers a phone call to you. Would a call on Thursday at 2 p.m. work to go through the numbers?",
      ),
      ai('Thursday works. I want the written incident report before then.'),
      me(
        "Agreed. I'll send the written incident report by Wednesday at noon, with the root cause and the fix.",
      ),
    ],
  },
  {
    id: 'crisis-weak',
    family: 'crisis',
    style: 'defensive, blames others',
    heldOut: true,
    labels: { clarity: 'average', empathy: 'poor', persuasion: 'poor' },
    messages: [
      ai(
        'Our online store was down for three hours during our biggest sale of the year. I need to know what happened and why nobody called us.',
      ),
      me("Outages happen. It's not a big deal, it was a database thing and that's not my team's fault."),
      ai('We probably lost tens of thousands in sales. What are you going to do about it?'),
      me("Calm down. There's nothing I can do, that's your problem. You should have had a backup."),
    ],
  },

  /* ---------- nothing, or next to nothing, from the learner ---------- */
  {
    id: 'empty-no-messages',
    family: 'empty',
    style: 'empty transcript',
    labels: { clarity: 'empty', empathy: 'empty', persuasion: 'empty' },
    messages: [],
  },
  {
    id: 'empty-opening-only',
    family: 'empty',
    style: 'the partner spoke, the learner did not',
    scenario: SALARY_FIRST_OFFER,
    labels: { clarity: 'empty', empathy: 'empty', persuasion: 'empty' },
    messages: [ai(SALARY_FIRST_OFFER.openingLine), me('   ')],
  },
  {
    id: 'one-word',
    family: 'one-word',
    style: 'one-word reply',
    scenario: SALARY_FIRST_OFFER,
    labels: { clarity: 'poor', empathy: 'poor', persuasion: 'poor' },
    messages: [ai(SALARY_FIRST_OFFER.openingLine), me('ok')],
  },
];
