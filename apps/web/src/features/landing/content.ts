/** Marketing content of the landing and features pages (spec sections 1 and 9). */
export interface FeatureCard {
  id: string;
  icon: string;
  title: string;
  summary: string;
  stats: Array<{ label: string; value: string }>;
  benefits: string[];
  scenarios: string[];
  proTip: string;
}

export const FEATURES: FeatureCard[] = [
  {
    id: 'scenarios',
    icon: '🎯',
    title: 'Guided Scenarios',
    summary: '50+ guided scenarios: job interviews, salary negotiations, tough feedback and more.',
    stats: [
      { label: 'Scenarios', value: '50+' },
      { label: 'Skill levels', value: '5' },
    ],
    benefits: [
      'Practise the exact conversation you are dreading',
      'Difficulty that grows with you',
      'Clear roles for you and the AI',
    ],
    scenarios: ['Job interview', 'Salary negotiation', 'Customer service escalation'],
    proTip: 'Start with a beginner scenario and repeat it until your clarity score reaches 8.',
  },
  {
    id: 'roleplay',
    icon: '🤖',
    title: 'AI Role-Play Partner',
    summary: 'The AI plays a manager, colleague, client or friend in the tone you choose.',
    stats: [
      { label: 'Conversations', value: '10,000+' },
      { label: 'Tones', value: '3' },
    ],
    benefits: [
      'Realistic, real-time replies',
      'Friendly, neutral or tough tone',
      'Practise without judgement',
    ],
    scenarios: ['Team meeting', 'Conflict resolution', 'Networking event'],
    proTip: 'Switch to the tough tone once a scenario feels easy.',
  },
  {
    id: 'feedback',
    icon: '📊',
    title: 'Scored Feedback',
    summary: 'Clarity, empathy and persuasion, each scored out of 10, with strengths and suggestions.',
    stats: [
      { label: 'Feedback accuracy', value: '95%' },
      { label: 'Skills scored', value: '3' },
    ],
    benefits: [
      'Know exactly what to improve',
      'Strengths, weaknesses and suggestions',
      'Inline coaching tips on your messages',
    ],
    scenarios: ['Giving tough feedback', 'Sales pitch', 'Setting boundaries'],
    proTip: 'Read the suggestions, then replay the session and apply one of them.',
  },
  {
    id: 'speech',
    icon: '🗣️',
    title: 'Speech Analysis',
    summary: 'Filler words, pace, pauses and a fluency score. Voice mode is Coming Soon (Q2 2025).',
    stats: [
      { label: 'Voice mode', value: 'Q2 2025' },
      { label: 'Metrics', value: '4' },
    ],
    benefits: ['Spot your filler words', 'Find a steady pace', 'Hear AI replies read aloud'],
    scenarios: ['Presentation rehearsal', 'Job interview', 'Client call'],
    proTip: 'Pause instead of saying “um”: silence sounds confident.',
  },
  {
    id: 'progress',
    icon: '🏆',
    title: 'XP, Streaks and Badges',
    summary: 'Earn XP, level up from Novice to Master, keep your streak and collect badges.',
    stats: [
      { label: 'XP per session', value: '50' },
      { label: 'Levels', value: 'Novice → Master' },
    ],
    benefits: [
      'Daily challenges worth 100 XP',
      'Streak milestones at 7, 30 and 100 days',
      'A leaderboard to climb',
    ],
    scenarios: ['Daily challenge', 'Streak builder', 'New scenario bonus'],
    proTip: 'A short session every day beats one long session a week.',
  },
  {
    id: 'reports',
    icon: '🔒',
    title: 'Private, Shareable Reports',
    summary: 'Conversations are private and encrypted; export a transcript as a PDF to share.',
    stats: [
      { label: 'Encryption', value: 'At rest and in transit' },
      { label: 'Export', value: 'PDF' },
    ],
    benefits: ['Your practice stays yours', 'Replay any past session', 'Share reports with a mentor'],
    scenarios: ['Mentor review', 'Interview prep log', 'Team coaching'],
    proTip: 'Export your best session and compare it with your first.',
  },
];

export interface HowItWorksStep {
  id: string;
  number: number;
  title: string;
  summary: string;
  time: string;
  benefits: string[];
  tips: string[];
  next: string;
}

export const STEPS: HowItWorksStep[] = [
  {
    id: 'pick',
    number: 1,
    title: 'Pick a Scenario',
    summary: 'Choose a conversation from the library or let Surprise Me! pick one.',
    time: '2-3 minutes',
    benefits: ['Focus on what matters to you', 'See your role and the AI’s role up front'],
    tips: ['Filter by tag to find your goal', 'Start with a beginner difficulty'],
    next: 'Next: talk to the AI in the tone you chose.',
  },
  {
    id: 'talk',
    number: 2,
    title: 'Talk to the AI',
    summary: 'Hold the conversation by typing or speaking; ask for an inline coaching tip any time.',
    time: '5-15 minutes',
    benefits: ['Real-time, realistic replies', 'Coaching tips on your own messages'],
    tips: ['Be specific and concise', 'Address the scenario directly'],
    next: 'Next: end the session and review your insights.',
  },
  {
    id: 'review',
    number: 3,
    title: 'Review Insights',
    summary: 'Get clarity, empathy and persuasion scores with strengths and suggestions.',
    time: '1-2 minutes',
    benefits: ['Scores out of 10 for three skills', 'Concrete suggestions for next time'],
    tips: ['Read the weaknesses first', 'Replay the session to try again'],
    next: 'Next: track your growth on the dashboard.',
  },
  {
    id: 'track',
    number: 4,
    title: 'Track Growth',
    summary: 'Watch your averages rise, keep your streak, earn XP and badges.',
    time: '1-2 minutes',
    benefits: ['Progress over time, per skill', 'Levels, streaks and badges'],
    tips: ['Practise daily to keep your streak', 'Claim your daily challenge'],
    next: 'Your journey takes 10-20 minutes a session. Ready?',
  },
];
