<?xml version="1.0"?>
<tileset name="c22"><tileset/><tileset firstgid="9" source="c23.tsx"/></tileset>
